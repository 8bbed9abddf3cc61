# lurobotsim — Deutsch. Dieselben Schlüssel wie en.ftl (ein Test prüft das).

test-seconds = { $secs ->
    [one] { $secs } Sekunde
   *[other] { $secs } Sekunden
}

## Fenster, Statusleiste und Dialoge

main-run = ▶ Start
main-pause = ⏸ Pause
main-step-1-ms = Schritt 1 ms
main-step-instruction = Schritt: Befehl
main-step-icon = Schritt: Symbol
main-slower = 🐢 Langsamer
main-faster = 🐇 Schneller
main-stop = ⏹ Stopp
main-replay = ⟲ Wiederholen
main-resume-from-here = ⏵ Ab hier weiter
main-live = Live
main-turn-left-15 = 15° nach links
main-turn-right-15 = 15° nach rechts
main-ok = OK
main-cancel = Abbrechen
main-save-recording = 💾 Aufzeichnung speichern…
main-export-trace-as-csv = 💾 Verlauf als CSV exportieren…
main-save-a-screenshot = 📷 Bildschirmfoto speichern…
main-save = 💾 Speichern
main-replace = Ersetzen
main-tile-windows = Fenster nebeneinander
main-cascade-windows = Fenster überlappend
main-readouts = Anzeigen
main-program-trace = Programmablauf
main-plots = Diagramme
main-the-newest-message-all-of = Die neueste Meldung; alle findest du unter Ansicht > Meldungen
main-ready = Bereit.
main-messages-about-files-downloads-and = Hier erscheinen Meldungen zu Dateien, Downloads und Programmfehlern
main-this-program-cannot-be-opened = Dieses Programm lässt sich nicht öffnen
main-this-assignment-cannot-be-used = Diese Aufgabe lässt sich nicht verwenden
main-line-of = Zeile { $line } von { $file }:
main-correct-the-red-line-of = Verbessere die rote Zeile der Datei, speichere sie und drücke noch einmal Starten (docs/grading.md erklärt jeden Schlüssel).
main-check-the-spelling-of-the = Prüfe die Schreibweise des Befehls in der roten Zeile und seine Zahlen, speichere die Datei und öffne sie noch einmal.
main-change-the-robot-to = Roboter zu { $r } wechseln?
main-change-the-environment-to = Umgebung zu { $e } wechseln?
main-change-the-realism-to = Realismus zu { $realism_name } wechseln?
main-a-program-is-running-it = Ein Programm läuft. Es wird angehalten, das Programm des Beispiels ersetzt es und der Roboter kehrt an den Start zurück.
main-a-program-is-running-every = Ein Programm läuft. Alle Roboter dieser Welt verschwinden, die Roboter und Programme der Szene treten an ihre Stelle.
main-a-program-is-running-every-2 = Ein Programm läuft. Alle Roboter dieser Welt verschwinden, Roboter, Boden und Programm des Laufs treten an ihre Stelle.
main-a-program-is-running-it-2 = Ein Programm läuft. Es wird angehalten und der Roboter kehrt an den Start zurück. Das Programm bleibt erhalten.
main-yes-change-it-now = Ja, jetzt wechseln
main-no-keep-the-program-running = Nein, Programm weiterlaufen lassen
main-messages = Meldungen
main-clear = Leeren
main-forget-all-messages = Alle Meldungen löschen
main-open-the-scene = Szene { $file_name } öffnen?
main-open-the-graded-run = Bewerteten Lauf { $gradingas_ref } öffnen?
main-load-the-example = Beispiel „{ $examplesget }“ laden?

## Menüs und Werkzeugleiste

toolbar-copy-link-to-this-run = 🔗 Link zu diesem Lauf kopieren
toolbar-file = Datei
toolbar-open-a-program-robot-environment = 📂 Programm, Roboter, Umgebung oder Aufzeichnung öffnen…
toolbar-open-a-lasm-or-rcx = Öffne ein .lasm- oder .rcx-Programm, eine .toml-Datei für Roboter oder Umgebung oder eine .json-Aufzeichnung. Du kannst eine Datei auch auf das Fenster ziehen.
toolbar-grade-every-pupil-s-program = Bewerte im Hintergrund das Programm jedes Schülers nach einer Aufgabe (Szenarien und Kriterien), sieh dir die Klassentabelle an und öffne hier den Lauf eines Schülers
toolbar-save-the-run-so-far = Speichere den bisherigen Lauf als Wiederholungsdatei (.json); öffne sie später, um ihn anzusehen oder an jeder Stelle weiterzumachen. Ordner und Namen wählst du selbst.
toolbar-save-time-pose-motor-powers = Speichere Zeit, Lage, Motorleistung, Sensorwerte und das laufende Symbol (eine Zeile alle 50 ms) als CSV-Datei für eine Tabellenkalkulation. Ordner und Namen wählst du selbst.
toolbar-take-a-picture-of-the = Mach jetzt ein Bild vom ganzen Fenster und wähle dann, wo es als PNG gespeichert wird
toolbar-copy-a-link-that-opens = Kopiere einen Link, der diesen Lauf (Roboter, Boden, Realismus, Batterie, Start und Programm) in einem Browser öffnet. Das Programm steckt im Link selbst und geht über keinen Server.
toolbar-link-copied-characters-paste-it = Link kopiert ({ $len } Zeichen): füge ihn ein, um diesen Lauf zu teilen.
toolbar-quit = Beenden
toolbar-close-the-simulator = Den Simulator schließen
toolbar-open-programs-export-the-trace = Programme öffnen, Verlauf exportieren, Bildschirmfotos
toolbar-run = Ausführen
toolbar-run-pause-step-slow-down = Starten, anhalten, schrittweise, langsamer und schneller (auch in der Werkzeugleiste)
toolbar-robot = Roboter
toolbar-choose-the-robot-model = Wähle das Robotermodell
toolbar-environment = Umgebung
toolbar-choose-the-floor-and-walls = Wähle Boden und Wände
toolbar-examples = Beispiele
toolbar-ready-made-robolab-programs-one = Fertige ROBOLAB-Programme, einen Klick entfernt
toolbar-view = Ansicht
toolbar-n10-cm-grid = 10-cm-Raster
toolbar-show-a-grid-on-the = Zeigt ein Raster auf dem Boden: dünne Linien alle 10 cm, dicke jeden Meter
toolbar-shadows = Schatten
toolbar-soft-shadows-under-the-robot = Weiche Schatten unter dem Roboter und den Kisten, damit du siehst, dass sie auf dem Boden stehen
toolbar-follow-the-robot = Roboter folgen
toolbar-keep-the-camera-pointed-at = Die Kamera bleibt auf den Roboter gerichtet, während er fährt
toolbar-second-view-top = Zweite Ansicht (von oben)
toolbar-show-a-top-view-beside = Zeigt eine Ansicht von oben neben der 3D-Ansicht
toolbar-running-icon-above-the-robot = Laufendes Symbol über dem Roboter
toolbar-show-the-icon-that-is = Zeigt das gerade laufende Symbol schwebend über dem Roboter
toolbar-messages = Meldungen…
toolbar-show-all-messages-errors-downloads = Zeigt alle Meldungen (Fehler, Downloads, Programmfehler)
toolbar-what-the-3d-view-shows = Was die 3D-Ansicht zeigt
toolbar-language = Sprache
toolbar-language-tip = Die Sprache des Fensters; sie wechselt sofort, der Lauf geht weiter und sie wird fürs nächste Mal gemerkt
toolbar-window = Fenster
toolbar-arrange-the-panes-around-the = Ordne die Bereiche um die 3D-Ansicht an oder schließe und öffne sie wieder
toolbar-help = Hilfe
toolbar-what-the-icons-mean-how = Was die Symbole bedeuten; wie man startet, verlangsamt, schrittweise geht und wiederholt; ROBOLAB und NQC verbinden
toolbar-the-version-of-this-simulator = Die Version dieses Simulators
toolbar-how-to-use-the-simulator = So benutzt du den Simulator
toolbar-stop-the-clock = Die Uhr anhalten
toolbar-run-the-program = Das Programm starten
toolbar-space = Leertaste
toolbar-dock-the-panes-around-the = Die Bereiche um die 3D-Ansicht nebeneinander andocken
toolbar-float-the-panes-over-the = Die Bereiche als Fenster über die 3D-Ansicht legen, jedes etwas tiefer als das vorige; du kannst sie ziehen, in der Größe ändern und schließen
toolbar-the-clock-robot-motor-sensor = Die Anzeigen für Uhr, Roboter, Motoren, Sensoren und Programm
toolbar-the-program-s-icons-with = Die Symbole des Programms, das laufende leuchtet
toolbar-sensor-values-and-motor-power = Sensorwerte und Motorleistung im Zeitverlauf
toolbar-use-robot = Roboter { $name } verwenden: { $tip }
toolbar-robot-file = Roboterdatei…
toolbar-use-your-own-robot-description = Eigene Roboterbeschreibung verwenden (.toml)
toolbar-use-environment = Umgebung { $name } verwenden: { $tip }
toolbar-remove-dropped-boxes = Kisten entfernen
toolbar-take-away-the-boxes-you = Nimm die Kisten weg, die du auf den Boden gelegt hast
toolbar-remove = 🗑 { $name } entfernen
toolbar-environment-file = Umgebungsdatei…
toolbar-use-your-own-environment-description = Eigene Umgebungsbeschreibung verwenden (.toml)
toolbar-how-real-the-brick-behaves = Wie echt sich der Baustein verhält: original = der Simulator von 2007 (jede Task führt einen Befehl pro ms aus, ideale Motoren); RCX-Baustein = ein echter RCX (etwa 300 Befehle pro Sekunde für alle Tasks zusammen, Leistungsstufen als PWM an Gleichstrommotoren, die unter Last langsamer werden, Bremse ohne Haltemoment). Beim Wechsel kehrt der Roboter an seinen Start zurück; das Programm bleibt
toolbar-realism = Realismus: { $realism_name }
toolbar-rcx-brick = RCX-Baustein
toolbar-behave-like-the-2007-simulator = Verhält sich wie der Simulator von 2007 (Standard)
toolbar-behave-like-a-real-rcx = Verhält sich wie ein echter RCX-Baustein auf einem echten Tisch
toolbar-on = { $title }  ({ $robot } auf { $env })
toolbar-n2-robots = { $title }  (2 Roboter)
toolbar-open = 📂 Öffnen
toolbar-open-a-program-file-lasm = Öffne eine Programmdatei (.lasm aus ROBOLAB oder dem SDK, .rcx aus NQC); du kannst sie auch auf das Fenster ziehen — Strg+O
toolbar-examples-2 = ⭐ Beispiele
toolbar-load-a-ready-made-program = Lade ein fertiges Programm mit dem passenden Roboter und Boden
toolbar-run-the-program-starts-task = Das Programm starten (startet Task 0, wenn sie nicht läuft) — Leertaste
toolbar-open-a-program-first-open = Öffne zuerst ein Programm (📂 Öffnen, ⭐ Beispiele oder lade eins aus ROBOLAB oder NQC herunter)
toolbar-pause-time-stops-you-can = Pause: die Zeit steht, die Kamera kannst du weiter bewegen — Leertaste
toolbar-step = ⏭ Schritt
toolbar-advance-the-simulation-by-one = Die Simulation um einen Schritt von 1 ms weiterführen
toolbar-run-until-a-task-has = Laufen, bis eine Task einen weiteren Befehl ausgeführt hat
toolbar-run-until-the-running-icon = Laufen, bis das laufende Symbol wechselt
toolbar-step-through-the-program-by = Schrittweise durchs Programm: einen Takt, einen Befehl oder ein Symbol
toolbar-stop-put-the-robot-back = Stopp: der Roboter kehrt an den Start zurück; das Programm bleibt
toolbar-slow-down-wait-10-ms = Langsamer: nach jedem Schritt von 1 ms 10 ms länger warten (bis 200 ms) und jeden Schritt zeigen; die Physik bleibt gleich
toolbar-speed-up-first-undo-slow = Schneller: erst die Zeitlupe in 10-ms-Schritten zurücknehmen, dann 0,1×, 0,2×, 0,5×, 1×, 2×, 5×, 10×, 20×, 50× und schließlich so schnell wie möglich
toolbar-robot-2 = Roboter { $robot_label }
toolbar-choose-the-robot-asks-first = Wähle den Roboter (fragt vorher, wenn ein Programm läuft)
toolbar-floor = Boden { $env_label }
toolbar-choose-the-environment-e1-plain = Wähle die Umgebung: E1 glatter Boden, E2 Wände, E3 schwarze Linie
toolbar-write-or-change-a-program = Schreibe oder ändere ein Programm mit den Symbolen von ROBOLAB (ohne ROBOLAB) und lade es dann auf den Roboter herunter
toolbar-camera-presets-f-front-b = Kameraansichten: F vorne, B hinten, T oben, S Seite, i Anfang
toolbar-follow = 🎯 Folgen
toolbar-keep-the-camera-on-the = Die Kamera folgt dem Roboter, während er fährt
toolbar-top-view = Von oben
toolbar-open-a-second-view-from = Öffnet eine zweite Ansicht von oben neben der 3D-Ansicht
toolbar-move-robot = ✋ Roboter bewegen
toolbar-pick-up-the-robot-drag = Nimm den Roboter hoch: zieh ihn mit der linken Maustaste über den Boden und lass los, wo er stehen soll
toolbar-turn-the-robot-15-to = Dreht den Roboter auf der Stelle um 15° nach links (Stopp stellt ihn wieder in diese Richtung)
toolbar-turn-the-robot-15-to-2 = Dreht den Roboter auf der Stelle um 15° nach rechts
toolbar-grid = Raster
toolbar-a-grid-on-the-floor = Ein Raster auf dem Boden: dünne Linien alle 10 cm, dicke jeden Meter
toolbar-soft-shadows-under-the-robot-2 = Weiche Schatten unter dem Roboter und den Kisten
toolbar-icon-above-robot = Symbol über Roboter
toolbar-show-the-running-icon-floating = Zeigt das laufende Symbol schwebend über dem Roboter
toolbar-tile = Nebeneinander
toolbar-cascade = Überlappend
toolbar-float-the-panes-over-the-2 = Die Bereiche als Fenster über die 3D-Ansicht legen, jedes etwas tiefer als das vorige
toolbar-speed-simulated-seconds-per-real = Tempo: simulierte Sekunden pro echter Sekunde (1× = Echtzeit, max = so schnell der Computer kann); wer ihn bewegt, beendet die Zeitlupe
toolbar-slow-ms-step = langsam +{ $slow } ms/Schritt
toolbar-slow-motion-a-pause-after = Zeitlupe: eine Pause nach jedem Schritt von 1 ms, jeder Schritt wird gezeigt; Schneller nimmt sie zurück
toolbar-of = {" "}von { $name }
toolbar-no-tcp = kein TCP
toolbar-pty-ready = {" "}· pty { $display } bereit
toolbar-waiting-for-robolab-or-nqc = wartet auf ROBOLAB oder NQC
toolbar-n1-client-connected = 1 Client verbunden
toolbar-clients-connected = { $n } Clients verbunden
toolbar-link = Verbindung{ $whose }: { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download =
    ROBOLAB und NQC können hier Programme herunterladen wie auf einen echten RCX. Letzte Ereignisse der Verbindung:
    {""}
toolbar-copy-sym-txt-settings = sym.txt-Einstellungen kopieren
toolbar-copy-the-three-lines-robolab = Kopiert die drei Zeilen, die ROBOLABs sym.txt braucht (SymName, SymAddr, SymPort), in die Zwischenablage
toolbar-sym-txt-settings-copied-paste = sym.txt-Einstellungen kopiert: füge sie in sym.txt im Ordner von ROBOLAB ein.
toolbar-link-off = Verbindung{ $whose } aus
toolbar-the-rcx-link-could-not = Die RCX-Verbindung konnte nicht starten: { $e }. Starte die App mit --listen ADRESSE, um einen anderen Port zu nehmen.
toolbar-link-off-2 = Verbindung aus
toolbar-no-rcx-link-in-this = Keine RCX-Verbindung in diesem Fenster
toolbar-take-away-only-dropped-at = Nur { $name } wegnehmen (abgelegt bei x { $x } m, z { $z } m); die anderen Kisten bleiben
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } ist neben diesem Programm nicht installiert
toolbar-original = original

## Anzeigen, Zeitleiste und Diagramme

readouts-s-of-s = { $what } { $v0 } s von { $live } s
readouts-running-at-real-time = läuft mit { $rtf }× Echtzeit
readouts-starting = Startet…
readouts-simulated-time-since-the-start = Simulierte Zeit seit dem Start (Schritte von 1 ms); bei Pause, Schritten oder Zeitlupe auf die Millisekunde genau
readouts-running-paused-in-slow-motion = Läuft, pausiert, in Zeitlupe oder zeigt einen früheren Moment des Laufs; der Echtzeitfaktor ist simulierte Sekunden pro echter Sekunde in der letzten Sekunde
readouts-robot = Roboter
readouts-the-robot-model-the-environment = Das Robotermodell, die Umgebung und der Realismus (original = der Simulator von 2007, RCX-Baustein = ein echter RCX)
readouts-on = { $robot } auf { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Mitte des RCX-Bausteins in Metern (x nach vorn beim Start, z nach rechts) und die Blickrichtung des Roboters (Grad gegen den Uhrzeigersinn, von oben gesehen)
readouts-straight-line-distance-from-where = Luftlinie vom Startpunkt des Roboters und (in Klammern) die Länge des gefahrenen Wegs
readouts-motors = Motoren
readouts-forward = ▶ vorwärts
readouts-backward = ◀ rückwärts
readouts-brake = ⏹ Bremse
readouts-float = ○ frei
readouts-output = Ausgang { $name }
readouts-motor-output-on-direction-power = Motorausgang: an (Richtung, Leistungsstufe 0–7 und Prozent), Bremse oder frei (rollt aus)
readouts-sensors = Sensoren
readouts-ports-1-3 = Eingänge 1–3
readouts-this-robot-has-no-sensors = Dieser Roboter hat keine Sensoren
readouts-no-sensor = kein Sensor
readouts-port = Eingang { $port1 }
readouts-sensor-type-and-mode-the = Sensor: Typ und Modus, der Wert, den das Programm liest, und der Rohwert (0–1023)
readouts-program = Programm
readouts-running-pc = läuft · pc { $pc }
readouts-waiting-s-pc = wartet { $v0 } s · pc { $pc }
readouts-waiting-pc = wartet · pc { $pc }
readouts-stopped-pc = angehalten · pc { $pc }
readouts-task = Task { $task }
readouts-a-task-of-the-program = Eine Task des Programms: läuft, wartet oder angehalten, und die Adresse ihres Befehls
readouts-the-four-rcx-timers-in = Die vier Timer des RCX, in Schritten von 100 ms
readouts-variables = Variablen
readouts-all-32-are-0 = alle 32 sind 0
readouts-the-rcx-s-32-global = Die 32 globalen Variablen des RCX (Container)
readouts-var = Var { $i }
readouts-a-global-variable-robolab-container = Eine globale Variable (ROBOLAB-Container), die nicht 0 ist
readouts-faults = Fehler
readouts-the-rcx-stopped-this-task = Der RCX hat diese Task wegen eines Fehlers im Programm angehalten
readouts-replay-nothing-recorded-yet = Wiederholung: noch nichts aufgezeichnet
readouts-every-run-is-recorded-once = Jeder Lauf wird aufgezeichnet; sobald er begonnen hat, kannst du hier zurückspulen
readouts-play-the-run-again-from = Spielt den Lauf ab dem gezeigten Moment noch einmal ab (vom Anfang, wenn du am Ende bist), im gewählten Tempo; er hält in der Gegenwart an
readouts-the-timeline-drag-to-see = Die Zeitleiste: zieh sie, um jeden Moment des Laufs zu sehen
readouts-continue-the-simulation-from-this = Die Simulation ab diesem Moment fortsetzen (der Rest der Aufzeichnung wird verworfen)
readouts-leave-the-replay-and-show = Die Wiederholung verlassen und die Simulation so zeigen, wie sie jetzt ist
readouts-sensor = Sensor { $port1 }
readouts-sensor-values = Sensorwerte
readouts-what-the-program-reads-from = Was das Programm im Lauf der Zeit von jedem Sensor liest; dünne Linien zeigen, wo ein Symbol begann
readouts-motor-power = Motorleistung (%)
readouts-power-of-outputs-a-b = Leistung der Ausgänge A, B, C in Prozent: positiv vorwärts, negativ rückwärts, 0 bei Bremse oder frei; dünne Linien zeigen, wo ein Symbol begann
readouts-robots = Roboter
readouts-robot-link = Roboterverbindung
readouts-add-robot = Roboter hinzufügen
readouts-put-another-robot-of-this = Stellt einen weiteren Roboter dieses Modells neben die anderen, mit eigenem RCX und eigenem Verbindungsport (alles beginnt wieder bei 0 s)
readouts-remove-robot = Roboter entfernen
readouts-take-the-chosen-robot-out = Nimmt den gewählten Roboter aus der Welt (alles beginnt wieder bei 0 s; die anderen Roboter behalten ihre Programme)
readouts-no-link = keine Verbindung
readouts-replaying = Wiederholung
readouts-showing = Anzeige
readouts-slow-motion-ms-after-each = Zeitlupe: +{ $slow_delay_ms } ms nach jedem Schritt von 1 ms
readouts-paused = pausiert
readouts-raw = { $name } · { $info }: { $value }   roh { $raw }
readouts-robot-its-rcx-listens-on = Roboter { $k1 }: { $name } ({ $model }). Sein RCX lauscht auf { $link } (NQC, ROBOLAB oder nqc -S…). ▶ sein Programm läuft, ⏹ es läuft keins. Klick, um seinen Baustein, seine Anzeigen, sein Programm und seine Diagramme zu sehen; das Menü Roboter und Datei > Öffnen wirken dann auf ihn.

## Programmablauf

trace-var = Var { $rest }
trace-var-2 =
    Var { $v } { $op }
    { $value }
trace-var-3 = Var { $c }
trace-port = Eing. { $sp }
trace-pwr = Leist. { $pw }
trace-task = Task { $t }
trace-hz = { $f } Hz
trace-program = Programm
trace-no-program-yet = Noch kein Programm.
trace-open-a-lasm-or-rcx = Öffne eine .lasm- oder .rcx-Datei, zieh eine auf das Fenster, wähle ein Beispiel oder lade eins aus ROBOLAB oder NQC herunter.
trace-program-2 = Programm: { $name }
trace-the-icons-of-the-program = Die Symbole des Programms; das gerade laufende leuchtet
trace-no-icons-recognised-in-this = In diesem Programm wurden keine Symbole erkannt.
trace-subroutine = Unterprogramm { $s }
trace-task-2 = Task { $task }
trace-hide-the-lasm-lines = LASM-Zeilen ausblenden
trace-icon = Symbol { $label }: { $title }
trace-running = läuft
trace-waiting = wartet
trace-stopped = angehalten
trace-click-to-see-its-lasm =
    { $label } — { $title }
    { $params }
    Klick, um seine LASM-Zeilen zu sehen.

## Der Baustein

brick-brick-on-off = Baustein On-Off
brick-brick-run = Baustein Run
brick-brick-prgm = Baustein Prgm
brick-brick-view = Baustein View
brick-lcd-off = Anzeige aus
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off: schaltet den Baustein aus (Programme halten an, Ausgänge sind frei, die Anzeige wird leer; Programme und Variablen bleiben) oder wieder ein (die Uhr beginnt bei 00.00)
brick-run-start-the-selected-program = Run: startet das gewählte Programm (seine Task 0) oder hält es an, wenn es läuft
brick-prgm-stop-the-program-and = Prgm: hält das Programm an und wählt den nächsten Programmplatz (1-5)
brick-view-show-the-next-of = View: zeigt als Nächstes Uhr, Sensoren 1-3 und Ausgänge A-C auf der Anzeige
brick-the-brick-s-speaker-is = Der Lautsprecher des Bausteins ist hier stumm: { $why }. `run --audio DATEI.wav` schreibt seinen Ton in eine Datei.
brick-the-brick-s-beeps-and = Die Pieptöne und Töne des Bausteins über den Lautsprecher dieses Computers, im Takt der simulierten Zeit: langsamer in Zeitlupe, stumm bei Pause und im schnellen Vorlauf (über 2,5x)
brick-mute-speaker = Ton aus
brick-unmute-speaker = Ton an
brick-lcd-program = Anzeige { $text } · Programm { $program } · { $view } · { $state }
brick-the-rcx-s-display-the =
    { $line }
    Die Anzeige des RCX: die Uhr (Stunden.Minuten seit dem Einschalten), der Wert eines Sensors, die Leistung eines Ausgangs oder die eigene Zahl des Programms; rechts der Platz 1-5; das Männchen läuft, solange ein Programm läuft
brick-off = aus
brick-running = läuft
brick-stopped = angehalten

## Die 3D-Ansicht

view3d-remove = 🗑 { $name } entfernen
view3d-take-away-this-box-the = Diese Kiste wegnehmen; die anderen bleiben
view3d-n3d-view-no-graphics-adapter = 3D-Ansicht (keine Grafikkarte)
view3d-top-view = Von oben
view3d-drag-the-robot-to-where = Zieh den Roboter dorthin, wo er stehen soll
view3d-drag-turn-right-drag-move = ziehen: drehen · rechts ziehen: verschieben · Rad: Zoom · Tasten: Pfeile, F1–F4
view3d-box = Kiste
view3d-drag-this-box-onto-the = Zieh diese Kiste auf den Boden, um dem Roboter ein Hindernis in den Weg zu stellen
view3d-drag-me = zieh mich
view3d-replay = {"  "}(Wiederholung)
view3d-slow-ms-step = {"  "}langsam +{ $slow_delay_ms } ms/Schritt
view3d-real-time = {"  "}{ $realtime_factor }× Echtzeit
view3d-paused = {"  "}pausiert

## Das Dateifenster

files-use-this-folder = ✔ Diesen Ordner nehmen
files-open-a-file = Eine Datei öffnen
files-choose-the-assignment = Die Aufgabe wählen
files-choose-the-programs-folder = Den Programmordner wählen
files-choose-the-output-folder = Den Ausgabeordner wählen
files-up = ⬆ Hoch
files-go-to-the-folder-above = Zum übergeordneten Ordner
files-choose-the-folder-shown-above = Den oben gezeigten Ordner wählen
files-no-programs-robots-or-environments = Hier gibt es keine Programme, Roboter oder Umgebungen.
files-no-toml-files-here = Hier gibt es keine .toml-Dateien.
files-no-folders-here = Hier gibt es keine Ordner.
files-open-this-folder = Diesen Ordner öffnen
files-use-this-assignment-file = Diese Aufgabendatei nehmen
files-open-this-file-a-lasm = Diese Datei öffnen: ein .lasm/.rcx-Programm, eine .toml für Roboter/Umgebung oder eine .json-Aufzeichnung
files-or-type-a-path = oder einen Pfad eingeben
files-a-file-path-absolute-or = Ein Dateipfad, absolut oder relativ zum Ordner oben; Eingabe öffnet ihn
files-open = Öffnen
files-choose = Wählen
files-open-the-typed-path = Den eingegebenen Pfad öffnen
files-does-not-exist = { $display } gibt es nicht.
files-already-exists-replace-it = { $display } gibt es schon. Ersetzen?
files-overwrite-the-existing-file = Die vorhandene Datei überschreiben
files-keep-the-existing-file-and = Die vorhandene Datei behalten und einen anderen Namen wählen
files-save-into-this-folder = In diesem Ordner speichern
files-name = Name:
files-save-under-this-name-in = Unter diesem Namen im Ordner oben speichern
files-close-without-saving = Schließen ohne Speichern
files-name-tip = Der Dateiname (.{ $ext } wird angehängt, wenn du die Endung weglässt); ein Pfad wird so genommen, wie er ist

## Das Bewertungsfenster

grade-grade-a-class = Eine Klasse bewerten…
grade-grade-a-class-2 = Eine Klasse bewerten
grade-choose-the-assignment = 📂 Aufgabe wählen…
grade-choose-the-programs-folder = 📂 Programmordner wählen…
grade-choose-the-output-folder = 📂 Ausgabeordner wählen…
grade-assignment-file = Aufgabendatei
grade-programs-folder = Programmordner
grade-output-folder = Ausgabeordner
grade-start-grading = ▶ Bewertung starten
grade-copy-the-report-s-path = Pfad des Berichts kopieren
grade-cancel-grading = ⏹ Bewertung abbrechen
grade-open = { $run } öffnen
grade-the-assignment-toml-its-scenarios = Die Aufgabe (.toml): ihre Szenarien und Kriterien (docs/grading.md)
grade-one-program-per-pupil-alice = Ein Programm pro Schüler: anna.rcx, ben.lasm, clara.nqc, oder ein Ordner pro Schüler mit einem Programm
grade-where-runs-jsonl-grades-csv = Wohin runs.jsonl, grades.csv, junit.xml, die Gradescope-Dateien und report.html kommen (ein Ordner „graded“ neben der Aufgabe, wenn du keinen wählst)
grade-run-every-pupil-s-program = Führt das Programm jedes Schülers in jedem Szenario der Aufgabe im Hintergrund aus; der Simulator arbeitet währenddessen weiter
grade-stop-after-the-runs-being = Hört nach den Läufen auf, die gerade simuliert werden; es wird kein Bericht geschrieben
grade-choose-an-assignment-and-the = Wähle eine Aufgabe und die Programme der Schüler, dann Starten.
grade-runs-not-ok = { $done } / { $total } Läufe · { $not_ok } nicht ok
grade-about-s-left = {" "}· noch etwa { $left } s
grade-report = Bericht:
grade-open-it-in-a-browser = Öffne ihn in einem Browser; grades.csv, junit.xml, runs.jsonl und gradescope/ liegen daneben
grade-copy-the-report-s-path-2 = Kopiert den Pfad des Berichts, um ihn in einen Browser oder Dateimanager einzufügen
grade-grading-stopped = Die Bewertung wurde abgebrochen: { $e }
grade-click-a-pupil-to-see = Klick auf einen Schüler, um seine Läufe zu sehen.
grade-pupil = Schüler
grade-points = Punkte
grade-points-in-this-scenario-the = Punkte in diesem Szenario (der Mittelwert über seine Seeds)
grade-status = Status
grade-show-this-pupil-s-runs = Zeigt die Läufe und Kriterien dieses Schülers
grade-open-this-run-in-the = Öffnet diesen Lauf in der Hauptansicht: Roboter, Boden und Start des Szenarios, das Programm dieses Schülers, Seed und Realismus des Laufs; dann Start oder Wiederholen drücken
grade-pass = ✔ bestanden
grade-fail = ✖ nicht bestanden
grade-simulations-at-once-a-run = { $jobs } Simulationen gleichzeitig; ein Lauf ist nicht ok, wenn sein Programm nicht geladen oder nicht bewertet werden konnte
grade-graded-runs-in-s = { $total } Läufe in { $took_s } s bewertet.{ $is_empty }
grade-cancelled-after-of-runs-no = Abgebrochen nach { $done } von { $total } Läufen: es wurde kein Bericht geschrieben.
grade-of = von
grade-of-points = { $student }: { $points } von { $points2 } Punkten · { $status }
grade-of-points-2 = { $points } von { $points2 } Punkten ·
grade-skipped = übersprungen

## Der Programmeditor

editor-program-editor = ✏ Programmeditor
editor-edit-program = ✏ Programm bearbeiten
editor-download = ⬇ Herunterladen
editor-run-program = ▶ Programm starten
editor-stop-program = ⏹ Programm anhalten
editor-undo = ⟲ Rückgängig
editor-redo = ⟳ Wiederholen
editor-new = 📄 Neu
editor-save-program = 💾 Programm speichern
editor-edit-the-robot-s-program = 📥 Programm des Roboters bearbeiten
editor-delete-icon = 🗑 Symbol löschen
editor-task = + Task
editor-subroutine = + Unterprogramm
editor-restore-it = Wiederherstellen
editor-replace-the-file = Datei ersetzen
editor-keep-the-file = Datei behalten
editor-discard-it = Verwerfen
editor-close-without-saving = Schließen ohne Speichern
editor-keep-editing = Weiter bearbeiten
editor-start-a-new-program-empty = Ein neues Programm beginnen: leer oder mit einem fertigen Anfang, den du ändern kannst (Rückgängig holt das alte zurück)
editor-take-back-the-last-change = Die letzte Änderung zurücknehmen — Strg+Z
editor-do-again-what-undo-took = Noch einmal tun, was Rückgängig zurückgenommen hat — Strg+Y
editor-stop-the-robot-and-put = Hält den Roboter an und stellt ihn an seinen Start (das Programm bleibt)
editor-run-the-program-the-robot = Startet das Programm, das der Roboter hat (das ▶ Start der Werkzeugleiste)
editor-download-a-program-first = Lade zuerst ein Programm herunter
editor-save-the-program-as-a = Speichert das Programm als Datei: .rcx oder .lasm, wenn es fertig ist, oder als Entwurf (das eigene Format des Editors), wenn nicht
editor-open-the-program-the-robot = Öffnet hier das Programm, das der Roboter gerade hat (eine Datei, ein Beispiel oder einen Download aus ROBOLAB oder NQC), als Symbole
editor-the-robot-has-no-program = Der Roboter hat noch kein Programm
editor-exists-already = { $name } gibt es schon.
editor-write-over-it = Überschreiben
editor-leave-it-choose-another-name = Lass sie; wähle in 💾 Programm speichern einen anderen Namen
editor-the-robot-still-runs-the = Der Roboter führt das Programm noch so aus, wie du es zuletzt heruntergeladen hast. Deine Änderungen gelten ab dem nächsten ⬇ Herunterladen.
editor-folder = Ordner: { $display }
editor-name = Name:
editor-it-comes-with-its-partner = {" "}Es kommt mit seinen Partnersymbolen (eine Schleife mit ihrem Ende, eine Verzweigung mit ihrer Zusammenführung, ein Sprung mit seiner Landung).
editor-add-a-strip-for-a = Fügt einen Streifen für ein Unterprogramm hinzu (ein Unterprogramm-Symbol in einer Task ruft es auf)
editor-strip = Streifen { $title }
editor-drag-icons-from-the-palette = Zieh Symbole aus der Palette hierher
editor-click-to-set-its-modifiers =
    {""}
    Klick, um seine Einstellungen zu setzen; zieh es, um es zu verschieben, oder auf die Palette, um es zu löschen.
editor-click-an-icon-to-set = Klick auf ein Symbol, um seine Einstellungen zu setzen (Eingang, Leistung, Sekunden, …). Tab wechselt zwischen Symbolen, Eingabe bearbeitet, Entf löscht.
editor-click-an-icon-to-set-2 = Klick auf ein Symbol, um seine Einstellungen zu setzen.
editor-take-this-icon-out-of = Dieses Symbol aus dem Programm nehmen — Entf
editor-modifiers-of = Einstellungen von { $title }
editor-this-icon-has-no-modifiers = Dieses Symbol hat keine Einstellungen.
editor-port = Ausgang { $port }
editor-the-motor-outputs-this-icon = Die Motorausgänge, die dieses Symbol antreibt (einer oder mehrere von A, B, C)
editor-to = { $title }: { $min } bis { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = Der RCX-Code, zu dem jedes Symbol übersetzt wird, so wie ROBOLAB ihn schreibt; die laufende Zeile leuchtet
editor-this-program-cannot-compile-yet = Dieses Programm lässt sich noch nicht übersetzen; korrigiere die mit ⚠ markierten Symbole:
editor-each-icon-s-code-appears = Hier erscheint der Code jedes Symbols.
editor-restore-your-program = Dein Programm wiederherstellen?
editor-open-it-in-the-program = Im Programmeditor öffnen
editor-forget-it-and-start-with = Verwerfen und mit einem leeren Programm beginnen
editor-your-program-is-not-saved = Dein Programm ist nicht gespeichert
editor-the-program-editor-has-changes = Der Programmeditor hat Änderungen, die du nicht als Datei gespeichert hast. Speichere zuerst (💾 Programm speichern im Editor) oder schließe ohne Speichern.
editor-close-the-simulator-the-program = Den Simulator schließen; das Programm geht verloren
editor-send-this-program-to-the = Schickt dieses Programm an den Roboter ({ $editor_target }), wie der Download von ROBOLAB; dann ▶ Start drücken
editor-drag-it-into-a-strip =
    { $title }
    Zieh es in einen Streifen oder klick, um es hinter dem gewählten Symbol einzufügen.{ $more }
editor-touch = Berührung
editor-light = Licht
editor-to-seconds = { $title }: { $v0 } bis { $v02 } Sekunden
editor-the-program-editor-was-not = Der Programmeditor wurde letztes Mal nicht richtig geschlossen. Sein Programm wurde gesichert: { $summary }.
editor-name-tip = Der Name der Datei; die Endung wird für dich angehängt
editor-add-task-tip = Fügt einen Streifen für eine weitere Task hinzu (ein Task-teilen- oder Task-starten-Symbol startet sie)
editor-2nd = 2.

## Hilfe und Über

help-how-to-use-the-simulator = So benutzt du den Simulator
help-about-lurobotsim = Über lurobotsim
help-turns-a-motor-on-forwards = Schaltet einen Motor vorwärts ein. Der Buchstabe sagt, welcher Ausgang: A, B oder C.
help-turns-a-motor-on-backwards = Schaltet einen Motor rückwärts ein.
help-stops-a-motor-at-once = Hält einen Motor sofort an (Bremse).
help-lets-a-motor-run-freely = Lässt einen Motor frei laufen, bis er ausrollt.
help-waits-for-some-seconds-the = Wartet einige Sekunden; der Countdown steht auf dem Symbol.
help-waits-until-the-touch-sensor = Wartet, bis der Berührungssensor gedrückt wird.
help-waits-until-the-touch-sensor-2 = Wartet, bis der Berührungssensor losgelassen wird.
help-waits-until-the-light-sensor = Wartet, bis der Lichtsensor dunkel sieht (unter einer Zahl).
help-waits-until-the-light-sensor-2 = Wartet, bis der Lichtsensor hell sieht (über einer Zahl).
help-waits-until-the-light-sensor-3 = Wartet, bis der Lichtsensor dunkler sieht als jetzt.
help-waits-until-the-light-sensor-4 = Wartet, bis der Lichtsensor heller sieht als jetzt.
help-waits-until-a-wheel-has = Wartet, bis sich ein Rad weit genug gedreht hat.
help-goes-one-way-if-the = Geht den einen Weg, wenn der Berührungssensor gedrückt ist, sonst den anderen.
help-goes-one-way-if-the-2 = Geht den einen Weg, wenn der Lichtsensor hell sieht, den anderen bei dunkel.
help-where-the-two-ways-of = Wo die beiden Wege einer Verzweigung wieder zusammenkommen.
help-jumps-to-the-land-icon = Springt zum Landen-Symbol mit derselben Farbe.
help-where-a-jump-arrives = Wo ein Sprung ankommt.
help-start-of-a-part-that = Anfang eines Teils, der wiederholt wird.
help-end-of-the-repeated-part = Ende des wiederholten Teils: zurück zum Schleifen-Symbol.
help-starts-a-second-line-of = Startet eine zweite Reihe von Symbolen, die gleichzeitig läuft.
help-plays-one-of-the-rcx = Spielt einen der Klänge des RCX.
help-plays-a-note = Spielt einen Ton.
help-sets-or-changes-a-number = Setzt oder ändert eine Zahl, die sich das Programm merkt (ein Container).
help-sets-a-timer-back-to = Setzt einen Timer auf null zurück.
help-tells-the-rcx-which-sensor = Sagt dem RCX, welcher Sensor an einem Eingang steckt.
help-starts-another-task = Startet eine andere Task.
help-stops-a-task = Hält eine Task an.
help-runs-a-group-of-icons = Führt eine Gruppe von Symbolen aus, die woanders steht, und kommt dann zurück.
help-instructions-that-are-not-one = Befehle, die keins der Symbole von ROBOLAB sind.
help-n1-get-a-program = 1. Ein Programm holen
help-examples-gives-ready-made-programs = ⭐ Beispiele gibt dir fertige Programme mit dem passenden Roboter und Boden.
help-open-ctrl-o-opens-a = 📂 Öffnen (Strg+O) öffnet eine .lasm- oder .rcx-Datei; du kannst eine Datei auch auf das Fenster ziehen.
help-or-download-from-robolab-or = Oder lade aus ROBOLAB oder NQC herunter, wie auf einen echten RCX (siehe unten).
help-or-write-your-own-with = Oder schreib dein eigenes mit ✏ Programm bearbeiten: zieh die Symbole von ROBOLAB aus der Palette in den Streifen, klick auf ein Symbol, um Ausgänge, Leistung oder Sekunden einzustellen, dann ⬇ Herunterladen und ▶ Programm starten. Rückgängig (Strg+Z) nimmt jede Änderung zurück; dein Programm wird automatisch gesichert.
help-n2-run-it = 2. Starten
help-run-starts-the-program-pause = ▶ Start startet das Programm. ⏸ Pause hält die Uhr an; ▶ Start macht dort weiter. Die Leertaste kann beides.
help-stop-puts-the-robot-back = ⏹ Stopp stellt den Roboter zurück an seinen Start; das Programm und deine Kisten bleiben.
help-on-the-right-the-program = Rechts die Symbole des Programms: das gerade laufende leuchtet gelb. Klick auf ein Symbol, um seine Befehle zu sehen.
help-n3-watch-it-slowly = 3. Langsam zusehen
help-slower-every-click-waits-10 = 🐢 Langsamer: jeder Klick wartet nach jedem Schritt von 1 ms 10 ms länger (bis 200 ms), so kannst du jedem Symbol folgen. 🐇 Schneller nimmt das zurück und wird dann schneller.
help-the-speed-slider-0-1 = Der Tempo-Regler: 0,1× ist zehnmal langsamer als in echt, 1× ist Echtzeit, max ist so schnell der Computer kann.
help-step-one-millisecond-one-instruction = ⏭ Schritt: eine Millisekunde, ein Befehl oder bis das nächste Symbol aufleuchtet. Die Uhr zeigt dann Millisekunden.
help-n4-look-back = 4. Zurückschauen
help-drag-the-timeline-under-the = Zieh die Zeitleiste unter der 3D-Ansicht, um jeden früheren Moment zu sehen.
help-replay-plays-the-run-again = ⟲ Wiederholen spielt den Lauf von dort noch einmal ab; ⏵ Ab hier weiter macht ab diesem Moment weiter; Live springt zurück ins Jetzt.
help-n5-change-the-world = 5. Die Welt verändern
help-pick-another-robot-m1-m5 = Wähle in der Werkzeugleiste einen anderen Roboter (M1–M5) oder Boden (E1–E3). Zieh die rote Kiste auf den Boden, um ein Hindernis in den Weg zu stellen; das Menü Umgebung nimmt die Kisten wieder weg, alle oder eine, und ein Rechtsklick auf eine Kiste entfernt nur diese. Realismus: original verhält sich wie der Simulator von 2007, RCX-Baustein wie ein echter RCX (langsamere Firmware, Motoren, die unter Last langsamer werden).
help-move-robot-drag-the-robot = ✋ Roboter bewegen: zieh den Roboter an einen neuen Platz; die Drehen-Knöpfe ändern seine Blickrichtung.
help-the-rcx-itself = Der RCX selbst
help-at-the-top-of-the = Oben in den Anzeigen der gelbe Baustein: seine Anzeige zeigt die Uhr (Stunden.Minuten seit dem Einschalten), den Wert eines Sensors, die Leistung eines Ausgangs oder die eigene Zahl des Programms, rechts den Programmplatz 1-5 und ein Männchen, das läuft, solange ein Programm läuft.
help-click-its-buttons-as-on = Drück seine Knöpfe wie an einem echten Baustein: View zeigt den nächsten Sensor oder Motor, Prgm wählt den nächsten Programmplatz, Run startet oder stoppt das gewählte Programm, On-Off schaltet den Baustein aus und ein (die Programme bleiben).
help-its-beeps-and-tunes-play = Seine Pieptöne und Melodien kommen aus dem Lautsprecher dieses Computers, langsamer in Zeitlupe und stumm bei Pause; Ton aus schaltet sie ab.
help-connecting-robolab = ROBOLAB verbinden
help-press-copy-sym-txt-settings = Drück „sym.txt-Einstellungen kopieren“ in der Statusleiste und füge die Zeilen in die Datei sym.txt im Ordner von ROBOLAB ein.
help-in-robolab-choose-the-simulator = Wähle in ROBOLAB den Simulator (LegoSim) als Port und drück den weißen Pfeil: das Programm erscheint hier und läuft.
help-connecting-nqc = NQC verbinden
help-nqc-4-x-downloads-straight = NQC 4.x lädt direkt über TCP herunter: nqc -TRCX2 -Stcp:localhost:4266 -d programm.nqc -run
help-older-nqc-speaks-only-to = Ältere NQC sprechen nur mit einer seriellen Schnittstelle: starte den Simulator mit --pty /tmp/rcx, dann nqc -TRCX2 -S/tmp/rcx -d programm.nqc
help-on-windows-there-is-no = Unter Windows gibt es kein Pseudoterminal (--pty): nimm NQC 4.x über TCP wie oben.
help-or-compile-nqc-trcx2-oprogram = Oder übersetze: nqc -TRCX2 -Oprogramm.rcx programm.nqc, und öffne programm.rcx hier.
help-mouse-and-keys = Maus und Tasten
help-left-drag-turns-the-camera = Mit links ziehen dreht die Kamera, das Rad zoomt, mit rechts ziehen verschiebt sie. Die Ansichtsknöpfe F, B, T, S, i springen zu einer Ansicht.
help-arrows-move-the-camera-f1 = Pfeile bewegen die Kamera, F1/F2 senken/heben sie, F3/F4 drehen sie. Leertaste: Start oder Pause. Strg+O: eine Datei öffnen.
help-what-the-icons-mean = Was die Symbole bedeuten
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = Ein Simulator für Programme des LEGO MINDSTORMS RCX: teste ROBOLAB- und NQC-Programme an virtuellen Robotern und sieh zu, wie jedes Symbol beim Ausführen aufleuchtet.
help-a-rust-port-of-lurobotsim = Eine Rust-Portierung von LURobotSim.

## Beispiele, Roboter und Böden

example-motor-2s = Motor 2 Sekunden
example-motor-2s-tip = Beide Motoren 2 Sekunden vorwärts, dann Stopp (Roboter M4, glatter Boden E1). Der echte Roboter fuhr 1,05 m.
example-touch = Die Wand berühren
example-touch-tip = Fahren, bis der Berührungssensor an die Wand stößt, 1 s halten, 2 s zurück (Roboter M2, Boden mit Wand E2)
example-line-follower = Linienfolger
example-line-follower-tip = Zur schwarzen Linie fahren und dann mit dem Lichtsensor ihrer Kante folgen (Roboter M5, Boden mit Linie E3)
example-wait-for-darker = Warten auf dunkler
example-wait-for-darker-tip = Fahren, bis der Boden dunkler ist als am Anfang (Roboter M5, Boden mit Linie E3); der ursprüngliche Simulator konnte das nicht
example-task-split = Task teilen
example-task-split-tip = Zwei Tasks gleichzeitig: eine fährt, die andere piept (Roboter M3, glatter Boden E1)
scene-ir-master-slave = IR: Chef und Helfer
scene-ir-master-slave-tip = Zwei M4: der Chef schickt „vorwärts“, „zurück“, „stopp“ per Infrarot im Abstand von zwei Sekunden; der Helfer gehorcht (Szene: zwei Roboter, jeder mit eigenem RCX)
scene-ir-elect = IR: einen Anführer wählen
scene-ir-elect-tip = Zwei M4 führen dasselbe Programm aus: jeder wartet eine zufällige Zeit und beansprucht per Infrarot die Führung; ein Baustein, der zuerst einen Anspruch hört, folgt. Der Anführer fährt eine Sekunde vorwärts (Szene: zwei Roboter)
robot-m1 = Ein Motor (A), ein angetriebenes Vorderrad, kein Sensor
robot-m2 = M1 mit einem Berührungssensor vorn (Eingang 1)
robot-m3 = Zwei Motoren (A, C) und ein freies Stützrad hinten
robot-m4 = Zwei Motoren (A, C) und vier Räder
robot-m5 = M3 mit einem Lichtsensor, der auf den Boden schaut (Eingang 1)
env-e1 = Ein glatter, leerer Boden
env-e2 = Ein Boden mit einer Wand ringsherum (für den Berührungssensor)
env-e3 = Ein weißer Boden mit einer schwarzen quadratischen Linie (für den Lichtsensor)

## Namen, die der Kern auf Englisch hält (Symbole wie in ROBOLAB)

icon-motor-forward = Motor vorwärts
icon-motor-backward = Motor rückwärts
icon-stop-motor = Motor stoppen
icon-float-motor = Motor frei
icon-wait-for-time = Warten auf Zeit
icon-wait-for-push = Warten auf Drücken
icon-wait-for-let-go = Warten auf Loslassen
icon-wait-for-dark = Warten auf dunkel
icon-wait-for-light = Warten auf hell
icon-wait-for-darker = Warten auf dunkler
icon-wait-for-lighter = Warten auf heller
icon-wait-for-rotation = Warten auf Drehung
icon-touch-sensor-fork = Verzweigung Berührung
icon-light-sensor-fork = Verzweigung Licht
icon-fork-merge = Zusammenführung
icon-jump = Springen
icon-land = Landen
icon-loop = Schleife
icon-end-of-loop = Schleifenende
icon-task-split = Task teilen
icon-play-sound = Klang spielen
icon-play-tone = Ton spielen
icon-container = Container
icon-reset-timer = Timer zurücksetzen
icon-sensor-setup = Sensor einstellen
icon-start-task = Task starten
icon-stop-task = Task stoppen
icon-subroutine = Unterprogramm
icon-instructions = Befehle
group-outputs = Ausgänge
group-wait-for = Warten auf
group-structures = Strukturen
group-sensors-and-timers = Sensoren und Timer
group-tasks-and-subroutines = Tasks und Unterprogramme
group-sounds-and-tones = Klänge und Töne
group-containers = Container
group-other = Sonstiges
param-ports = Ausgänge
param-power-level = Leistung
param-seconds = Sekunden
param-sensor-port = Sensoreingang
param-threshold = Schwelle
param-change = Änderung
param-count = Anzahl
param-until = Bis
param-frequency-hz = Frequenz (Hz)
param-duration-s = Dauer (s)
param-sound = Klang
param-container = Container
param-operation = Rechenart
param-value = Wert
param-task = Task
param-subroutine = Unterprogramm
param-timer = Timer
param-label = Marke
icon-loop-a-number-of-times = Schleife mit Anzahl
icon-loop-forever = Endlosschleife
icon-loop-until-touch = Schleife bis Berührung
icon-loop-until-light = Schleife bis Licht
icon-second-branch = Zweiter Zweig
choice-released = losgelassen
choice-pressed = gedrückt
choice-light = hell
choice-dark = dunkel
choice-fill = setzen
choice-add = addieren
choice-subtract = subtrahieren
choice-multiply = multiplizieren
choice-divide = dividieren
choice-click = Klick
choice-double-beep = Doppelpiep
choice-sweep-down = Ton abwärts
choice-sweep-up = Ton aufwärts
choice-error-buzz = Fehlerbrummen
choice-fast-sweep-up = schnell aufwärts

## Meldungen und Fehler der App

app-audio-the-brick-s-speaker-is = Der Lautsprecher des Bausteins ist stumm: { $why }
app-audio-the-sound-output-stopped = die Tonausgabe hat aufgehört
app-audio-cannot-start-the-sound-thread = der Ton-Thread kann nicht starten: { $e }
app-audio-sound-output-is-built-for = die Tonausgabe gibt es nur unter Linux und Windows (nimm `run --audio DATEI.wav`)
app-audio-this-browser-has-no-web = dieser Browser hat kein Web Audio ({ $e })
app-audio-libasound-has-no = libasound hat kein { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = die ALSA-Tonbibliothek (libasound.so.2) ist nicht installiert
app-audio-no-sound-card = keine Soundkarte
app-audio-no-sound-device = kein Tongerät
app-audio-the-sound-device-refused-16 = das Tongerät lehnt 16-Bit-Mono mit 44,1 kHz ab
app-audio-the-sound-device-refused-16-2 = das Tongerät lehnt 16-Bit-Mono mit 44,1 kHz ab (waveOutOpen-Fehler { $r })
app-connection-robolab-transfer-complete-running-task = { $who }ROBOLAB-Übertragung fertig: Task 0 läuft.
app-connection-the-host-started-task = { $who }Der Rechner hat Task { $task } gestartet.
app-connection-connected = { $who }{ $peer } verbunden.
app-connection-link = { $who }Verbindung: { $e }
app-connection-rcx-link-of-robot-it = RCX-Verbindung von Roboter { $k1 }: { $e }. Es geht auch ohne.
app-connection-no-link = keine Verbindung: { $e }
app-connection-port = Port { $port }
app-editor-empty-program = Leeres Programm
app-editor-one-motor-for-a-time = Ein Motor eine Weile
app-editor-two-motors-then-wait = Zwei Motoren, dann warten
app-editor-line-follower-skeleton = Linienfolger (Gerüst)
app-editor-task-0-with-no-icons = Task 0 ohne Symbole: zieh Symbole aus der Palette hinein
app-editor-motor-a-forward-wait-2 = Motor A vorwärts, 2 s warten, A stoppen (ROBOLAB Pilot 1)
app-editor-motors-a-and-c-forward = Motoren A und C vorwärts, 2 s warten, beide stoppen (ROBOLAB Pilot 2); für die Roboter M3–M5
app-editor-drive-until-the-light-sensor = Fahren, bis der Lichtsensor an Eingang 1 die schwarze Linie sieht, dann für immer ihrer Kante folgen: bei dunkel mit C drehen, bei hell mit A zurück (Roboter M5, Boden E3)
app-editor-save-as-rcx-finished-program = Als .rcx speichern (fertiges Programm)
app-editor-save-as-lasm-finished-program = Als .lasm speichern (fertiges Programm)
app-editor-save-as-a-draft-icons = Als Entwurf speichern (.icons, darf unfertig sein)
app-editor-the-program-as-a-brick = Das Programm als Bausteinabbild: läuft hier (Datei > Öffnen, run --program), in den Werkzeugen von NQC und auf einem echten RCX
app-editor-the-program-as-robolab-s = Das Programm als LASM-Text von ROBOLAB: lesbar, und es läuft hier und im SDK
app-editor-the-icons-as-the-editor = Die Symbole im kleinen Textformat des Editors: hält ein Programm, das sich noch nicht übersetzen lässt (eine Verzweigung ohne Zusammenführung); öffne es hier wieder
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } Symbol
       *[other] { $icons } Symbole
    } in { $len ->
        [one] { $len } Streifen
       *[other] { $len } Streifen
    }
app-editor-the-autosaved-program-could-not = Das automatisch gesicherte Programm ließ sich nicht lesen (Zeile { $line }: { $message }).
app-editor-autosave-failed = Automatisches Sichern fehlgeschlagen: { $e }
app-editor-kept-as-it-is-it = { $label } (bleibt, wie es ist: verschieben oder löschen geht, bearbeiten nicht)
app-editor-task = Task { $t }
app-editor-subroutine = Unterprogramm { $s }
app-editor-pwr = Leist. { $v }
app-editor-by = um { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = gedrückt
app-editor-released = losgelassen
app-editor-var = Var { $v }
app-editor-sound = Klang { $v }
app-editor-bytes = { $code } Bytes
app-editor-new-program-undo-brings-the = Neues Programm: { $title }. Rückgängig holt das alte zurück.
app-editor-your-program-is-back-save = Dein Programm ist wieder da. Speichere es (💾 Programm speichern), um es als Datei zu behalten.
app-editor-opened-the-draft-as-icons = Entwurf { $name } als Symbole geöffnet.
app-editor-cannot-open-the-draft = Der Entwurf lässt sich nicht öffnen: { $name }:{ $line }: { $message }
app-editor-the-robot-has-no-program = Der Roboter hat noch kein Programm: fang mit Neu an oder zieh Symbole hinein.
app-editor-part-s-robolab-has-no = {" "}{ $generic } Teil(e), für die ROBOLAB kein Symbol hat, bleiben, wie sie sind (graue Symbole „Befehle“): du kannst sie verschieben oder löschen, aber nicht bearbeiten.
app-editor-opened-as-icons = { $name } als Symbole geöffnet.{ $more }
app-editor-nothing-to-download-yet-drag = Noch nichts zum Herunterladen: zieh Symbole aus der Palette in Task 0.
app-editor-download-refused = Download abgelehnt: { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Download abgelehnt: das Programm lässt sich nicht übersetzen.
app-editor-downloaded-to-the-old-program = Auf { $robot } heruntergeladen: das alte Programm wurde angehalten. Drück ▶ Start, um das neue zu starten.
app-editor-downloaded-to-press-run-to = Auf { $robot } heruntergeladen. Drück ▶ Start, um es zu starten.
app-editor-strip = Streifen { $strip1 }
app-editor-icon = { $strip_title }, Symbol { $i1 } ({ $title })
app-editor-type-a-name-for-the = Gib zuerst einen Namen für die Datei ein.
app-editor-it-cannot-compile-yet-save = es lässt sich noch nicht übersetzen ({ $reason }); speichere es stattdessen als Entwurf
app-editor-saved = { $display } gespeichert.
app-editor-not-saved = Nicht gespeichert: { $e }
app-editor-task-0-starts-when-you = Task 0 startet, wenn du Start drückst
app-editor-a-subroutine-a-subroutine-icon = Ein Unterprogramm: ein Unterprogramm-Symbol führt es aus
app-editor-running = läuft
app-editor-waiting = wartet
app-editor-icon-2 = { $title }, Symbol { $i1 }: { $label }
app-files-save-the-recording-as = Aufzeichnung speichern als
app-files-export-the-trace-as = Verlauf exportieren als
app-files-save-the-screenshot-as = Bildschirmfoto speichern als
app-files-cannot-open-the-recording = Die Aufzeichnung lässt sich nicht öffnen: { $e }
app-files-recording-2 = Aufzeichnung { $display }: { $e }
app-files-opening-the-recording = Die Aufzeichnung { $display } wird geöffnet…
app-files-scene = Szene: { $e }
app-files-recording-saved-as = Aufzeichnung gespeichert als { $display }.
app-files-cannot-save-the-recording = Die Aufzeichnung lässt sich nicht speichern: { $e }
app-files-trace-saved-as-rows-s = Verlauf gespeichert als { $display } ({ $rows } Zeilen, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = Der Verlauf lässt sich nicht exportieren: { $e }
app-files-recording-loaded-press-replay-drag = Aufzeichnung geladen: drück Wiederholen, zieh die Zeitleiste oder mach an jeder Stelle weiter.
app-files-type-a-file-name-to = Gib einen Dateinamen zum Speichern ein.
app-files-is-a-folder-type-a = { $display } ist ein Ordner; gib einen Dateinamen ein.
app-files-screenshot-saved-as = Bildschirmfoto gespeichert als { $display }.
app-files-screenshot-2 = Bildschirmfoto: { $e }
app-files-screenshot-the-picture-was-not = Bildschirmfoto: das Bild wurde nicht gemacht.
app-files-cannot-open-the-program = Das Programm lässt sich nicht öffnen: { $e }
app-files-cannot-open-the-program-2 = Das Programm lässt sich nicht öffnen: { $message }
app-files-cannot-download = { $name } lässt sich nicht herunterladen: { $e }
app-files-cannot-write = { $display } lässt sich nicht schreiben: { $e }
app-files-the-screenshot-had-a-wrong = das Bildschirmfoto hatte eine falsche Größe
app-files-cannot-encode = { $display } lässt sich nicht kodieren: { $e }
app-program-raw = { $a }: roh { $codea }
app-shot-the-window-never-produced-a = das Fenster hat nie ein Bild zum Aufnehmen geliefert
app-world-robot-file = Roboterdatei: { $e }
app-world-environment-file = Umgebungsdatei: { $e }
app-world-example = Beispiel: { $title }
app-world-example-2 = Beispiel { $file }: { $err }
app-world-cannot-open-the-draft = Der Entwurf lässt sich nicht öffnen: { $e }
app-world-cannot-open-the-program = Das Programm lässt sich nicht öffnen: { $message }
app-world-loaded-icon-s-in-strip = { $name } geladen: { $len ->
        [one] { $len } Symbol
       *[other] { $len } Symbole
    } in { $len2 ->
        [one] { $len2 } Streifen
       *[other] { $len2 } Streifen
    }.
app-world-the-last-robot-stays-a = Der letzte Roboter bleibt: eine Welt braucht einen.
app-world-try-another-robot-robot-menu = { $w } Probier einen anderen Roboter (Menü Roboter).
app-robot-file-using-m1-instead = Roboterdatei: { $e }. Stattdessen wird M1 verwendet.
app-environment-file-using-e1-instead = Umgebungsdatei: { $e }. Stattdessen wird E1 verwendet.
app-scene-showing-one-robot-instead = Szene: { $e }. Stattdessen wird ein Roboter gezeigt.
app-cannot-build-the-world = die Welt lässt sich nicht aufbauen: { $e }
app-the-world-has-no-robot = die Welt hat keinen Roboter
app-rcx-link-the-simulator-works = RCX-Verbindung: { $e }. Der Simulator funktioniert auch ohne.
app-no-program-loaded-yet-open = Noch kein Programm geladen: öffne eins (Datei > Öffnen) oder wähle ein Beispiel.
app-scene-robots-pick-one-under = Szene { $file }: { $len } Roboter. Wähle einen unter Roboter, um seinen Baustein zu sehen; Start startet die Programme aller Roboter.
app-s-program = Programm von { $name }
app-downloaded-program = heruntergeladenes Programm
app-new-program-received-icon-s = Neues Programm empfangen: { $len ->
        [one] { $len } Symbol
       *[other] { $len } Symbole
    }.
app-program-fault = Programmfehler { $f }
msg-language-not-remembered = Die Sprache konnte nicht fürs nächste Mal gemerkt werden: { $error }
app-grade-not-in-a-browser = Eine Klasse zu bewerten liest einen Ordner mit Programmen und schreibt einen Berichtsordner, und das kann ein Browser-Tab nicht: bewerte in der Desktop-App (Datei > Eine Klasse bewerten…) oder mit `lurobotsim grade`. Hier kannst du das Programm eines Schülers mit Datei > Öffnen… öffnen und laufen lassen.
app-grade-choose-first = Wähle zuerst eine Aufgabendatei und einen Programmordner.
app-grade-cannot-use-assignment = Die Aufgabe lässt sich nicht verwenden: { $e }
app-grade-programs-folder = Programmordner { $e }
app-grade-cannot-start = Die Bewertung kann nicht starten: { $e }
app-grade-grading = Bewerte { $name }: { $runs } Läufe ({ $pupils } Schüler), { $jobs } gleichzeitig, nach { $out }.
app-grade-opened-run = { $id } geöffnet: { $robot } auf { $env }, { $name } geladen (Seed { $seed }, Realismus { $realism }). { $then }
app-grade-press-the-brick = In diesem Szenario hat die Bewertung die Knöpfe des Bausteins gedrückt: drück sie am Baustein.
app-grade-press-run = Drück Start.
app-share-program-not-opened = Das Programm aus dem Link ließ sich nicht öffnen: { $e }
app-grade-graded = { $runs } Läufe in { $secs } s bewertet ({ $not_ok } nicht ok); Berichte in { $out }.
app-grade-graded-with-errors = Bewertet, aber { $count ->
        [one] { $count } Lauf konnte
       *[other] { $count } Läufe konnten
    } nicht bewertet werden: { $errors }
app-grade-cancelled = Bewertung abgebrochen nach { $done } von { $runs } Läufen; nach { $out } wurde nichts geschrieben.
app-grade-stopped = Die Bewertung wurde abgebrochen: { $out }: { $e }
app-share-link-not-opened = Dieser Link ließ sich nicht öffnen ({ $e }); die Standardeinstellungen werden gezeigt.

## Challenges

challenge-open-challenge = Aufgabe öffnen…
challenge-challenges = Aufgaben
challenge-grade-all-seeds = Alle Seeds bewerten
challenge-close-challenge = Aufgabe schließen
challenge-this-challenge-cannot-be-opened = Diese Aufgabe lässt sich nicht öffnen
challenge-result = Ergebnis:
challenge-path-trail = Fahrspur
challenge-trail = Spur
challenge-challenge = Aufgabe: { $name }
challenge-failed-at-s = ✖ { $task } — nicht geschafft bei { $v0 } s
challenge-of-points = { $result } { $points } von { $points2 } Punkten
challenge-all-seeds-of-points-as = Alle Seeds: { $points } von { $points2 } Punkten (so, wie die Bewertung der Lehrkraft sie gibt)
challenge-no-built-in-challenges-in = In dieser Version sind keine Aufgaben eingebaut.
challenge-open-this-challenge-its-robot = Öffnet diese Aufgabe: ihren Roboter, Boden und Start und was zu tun ist
challenge-this-challenge-needs-files-beside = Diese Aufgabe braucht Dateien daneben (mehrere Roboter): öffne sie in der Desktop-App
challenge-open-a-challenge-file-toml = Öffnet eine Aufgabendatei (.toml, wie eine Lehrkraft eine Aufgabe schreibt): Roboter, Boden, Start und was zu tun ist
challenge-robot-on-s-seed = Roboter { $robot_label } auf { $env_label } · { $end_ms } s · Seed { $seed }
challenge-open-your-program-file-open = Öffne dein Programm (Datei > Öffnen) und drück dann ▶ Start.
challenge-criterion = Kriterium { $id }
challenge-hide-this-panel-the-robot = Diesen Bereich ausblenden; Roboter und Boden bleiben
challenge-your-program-could-not-be = Dein Programm ließ sich nicht laden: { $e }
challenge-every-criterion-passed-well-done = Alle Kriterien geschafft. Gut gemacht!
challenge-show-this-moment-of-the = Diesen Moment des Laufs zeigen
challenge-all-seeds-runs = Alle Seeds: { $done } / { $total } Läufe
challenge-all-seeds = Alle Seeds: { $e }
challenge-run-your-program-on-all = Lässt dein Programm im Hintergrund an allen { $seeds } Starts laufen, die die Lehrkraft bewertet, und zählt zusammen wie ihre Bewertung
challenge-open-your-program-first = Öffne zuerst dein Programm
challenge-goal = Ziel
challenge-keep-out = verboten
app-challenge-no-scenario = { $file }: kein Szenario { $k }
app-challenge-the-run-has-no-goal = der Lauf hat kein Ziel
app-challenge-cannot-open-the-challenge = Die Aufgabe lässt sich nicht öffnen: { $e }
app-challenge-challenge-on-s-open-your = Aufgabe „{ $name }“: { $label_of } auf { $label_of2 }, { $v0 } s. Öffne dein Programm (Datei > Öffnen) und drück Start.
app-challenge-open-your-program-first-file = Öffne zuerst dein Programm (Datei > Öffnen).
app-challenge-cannot-grade-the-seeds = Die Seeds lassen sich nicht bewerten: { $e }
app-challenge-the-grading-thread-stopped = der Bewertungs-Thread hat aufgehört
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }
files-open-a-challenge = Eine Aufgabe öffnen
files-open-this-challenge = Diese Aufgabe öffnen
main-a-program-is-running-challenge = Ein Programm läuft. Alle Roboter dieser Welt verschwinden, Roboter, Boden und Start der Aufgabe treten an ihre Stelle; öffne danach dein Programm dafür.
main-open-the-challenge = Aufgabe { $name } öffnen?
toolbar-challenges-tip = Aufgaben, die du mit einem Programm löst: einen Ort erreichen, einen anderen meiden, einer Linie folgen; jede sagt, wie sie bewertet wird
toolbar-trail-tip = Zeichnet als orange Linie auf den Boden, wo der Roboter gefahren ist (blass nach dem gezeigten Moment); Stopp löscht sie
toolbar-trail-short-tip = Zeichnet als orange Linie auf den Boden, wo der Roboter gefahren ist; Stopp löscht sie
