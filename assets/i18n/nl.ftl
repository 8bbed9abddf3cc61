# lurobotsim — Nederlands. Dezelfde sleutels als en.ftl (een test controleert dat).

test-seconds = { $secs ->
    [one] { $secs } seconde
   *[other] { $secs } seconden
}

## Het venster, de statusbalk en de dialogen

main-run = ▶ Start
main-pause = ⏸ Pauze
main-step-1-ms = Stap 1 ms
main-step-instruction = Stap: instructie
main-step-icon = Stap: pictogram
main-slower = 🐢 Langzamer
main-faster = 🐇 Sneller
main-stop = ⏹ Stop
main-replay = ⟲ Herhalen
main-resume-from-here = ⏵ Verder vanaf hier
main-live = Live
main-turn-left-15 = 15° naar links
main-turn-right-15 = 15° naar rechts
main-ok = OK
main-cancel = Annuleren
main-save-recording = 💾 Opname bewaren…
main-export-trace-as-csv = 💾 Verloop exporteren als CSV…
main-save-a-screenshot = 📷 Schermafbeelding bewaren…
main-save = 💾 Bewaren
main-replace = Vervangen
main-tile-windows = Vensters naast elkaar
main-cascade-windows = Vensters over elkaar
main-readouts = Metingen
main-program-trace = Programmaverloop
main-plots = Grafieken
main-the-newest-message-all-of = Het nieuwste bericht; ze staan allemaal onder Beeld > Berichten
main-ready = Klaar.
main-messages-about-files-downloads-and = Hier verschijnen berichten over bestanden, downloads en fouten in het programma
main-this-program-cannot-be-opened = Dit programma kan niet worden geopend
main-this-assignment-cannot-be-used = Deze opdracht kan niet worden gebruikt
main-line-of = Regel { $line } van { $file }:
main-correct-the-red-line-of = Verbeter de rode regel van het bestand, bewaar het en druk opnieuw op Beginnen (docs/grading.md beschrijft elke sleutel).
main-check-the-spelling-of-the = Controleer hoe de instructie op de rode regel en haar getallen geschreven zijn, bewaar het bestand en open het opnieuw.
main-change-the-robot-to = Robot veranderen in { $r }?
main-change-the-environment-to = Omgeving veranderen in { $e }?
main-change-the-realism-to = Realisme veranderen in { $realism_name }?
main-a-program-is-running-it = Er loopt een programma. Het stopt, het programma van het voorbeeld komt ervoor in de plaats en de robot gaat terug naar het begin.
main-a-program-is-running-every = Er loopt een programma. Alle robots van deze wereld verdwijnen en de robots en programma's van de scène komen ervoor in de plaats.
main-a-program-is-running-every-2 = Er loopt een programma. Alle robots van deze wereld verdwijnen en de robot, de vloer en het programma van de run komen ervoor in de plaats.
main-a-program-is-running-it-2 = Er loopt een programma. Het stopt en de robot gaat terug naar het begin. Het programma blijft bewaard.
main-yes-change-it-now = Ja, nu veranderen
main-no-keep-the-program-running = Nee, laat het programma doorlopen
main-messages = Berichten
main-clear = Wissen
main-forget-all-messages = Alle berichten vergeten
main-open-the-scene = Scène { $file_name } openen?
main-open-the-graded-run = Beoordeelde run { $gradingas_ref } openen?
main-load-the-example = Voorbeeld ‘{ $examplesget }’ laden?

## Menu's en werkbalk

toolbar-copy-link-to-this-run = 🔗 Link naar deze run kopiëren
toolbar-file = Bestand
toolbar-open-a-program-robot-environment = 📂 Een programma, robot, omgeving of opname openen…
toolbar-open-a-lasm-or-rcx = Open een .lasm- of .rcx-programma, een .toml-bestand van een robot of omgeving, of een .json-opname. Je kunt ook een bestand op het venster laten vallen.
toolbar-grade-every-pupil-s-program = Beoordeel op de achtergrond het programma van elke leerling volgens een opdracht (scenario's en criteria), bekijk de klassentabel en open hier de run van elke leerling
toolbar-save-the-run-so-far = Bewaar de run tot nu toe als herhalingsbestand (.json); open het later om te kijken of om vanaf elk moment verder te gaan. Jij kiest de map en de naam.
toolbar-save-time-pose-motor-powers = Bewaar tijd, positie, motorvermogen, sensorwaarden en het lopende pictogram (een regel per 50 ms) als CSV-bestand voor een rekenblad. Jij kiest de map en de naam.
toolbar-take-a-picture-of-the = Maak nu een foto van het hele venster en kies dan waar je die als PNG bewaart
toolbar-copy-a-link-that-opens = Kopieer een link die deze run (robot, vloer, realisme, batterij, start en programma) in een browser opent. Het programma zit in de link zelf en gaat niet via een server.
toolbar-link-copied-characters-paste-it = Link gekopieerd ({ $len } tekens): plak hem om deze run te delen.
toolbar-quit = Afsluiten
toolbar-close-the-simulator = De simulator sluiten
toolbar-open-programs-export-the-trace = Programma's openen, het verloop exporteren, schermafbeeldingen
toolbar-run = Uitvoeren
toolbar-run-pause-step-slow-down = Starten, pauzeren, stap voor stap, langzamer en sneller (ook op de werkbalk)
toolbar-robot = Robot
toolbar-choose-the-robot-model = Kies het robotmodel
toolbar-environment = Omgeving
toolbar-choose-the-floor-and-walls = Kies de vloer en de muren
toolbar-examples = Voorbeelden
toolbar-ready-made-robolab-programs-one = Kant-en-klare ROBOLAB-programma's, één klik verder
toolbar-view = Beeld
toolbar-n10-cm-grid = Raster van 10 cm
toolbar-show-a-grid-on-the = Toont een raster op de vloer: dunne lijnen om de 10 cm, dikke om de meter
toolbar-shadows = Schaduwen
toolbar-soft-shadows-under-the-robot = Zachte schaduwen onder de robot en de dozen, zodat je ziet dat ze op de vloer staan
toolbar-follow-the-robot = De robot volgen
toolbar-keep-the-camera-pointed-at = De camera blijft op de robot gericht terwijl hij rijdt
toolbar-second-view-top = Tweede beeld (van boven)
toolbar-show-a-top-view-beside = Toont een beeld van boven naast het 3D-beeld
toolbar-running-icon-above-the-robot = Lopend pictogram boven de robot
toolbar-show-the-icon-that-is = Toont het pictogram dat nu loopt zwevend boven de robot
toolbar-messages = Berichten…
toolbar-show-all-messages-errors-downloads = Toont alle berichten (fouten, downloads, programmafouten)
toolbar-what-the-3d-view-shows = Wat het 3D-beeld toont
toolbar-language = Taal
toolbar-language-tip = De taal van het venster; die wisselt meteen, de run gaat door en ze wordt onthouden voor de volgende keer
toolbar-window = Venster
toolbar-arrange-the-panes-around-the = Schik de panelen rond het 3D-beeld, of sluit ze en open ze weer
toolbar-help = Help
toolbar-what-the-icons-mean-how = Wat de pictogrammen betekenen; hoe je start, vertraagt, stap voor stap gaat en herhaalt; ROBOLAB en NQC verbinden
toolbar-the-version-of-this-simulator = De versie van deze simulator
toolbar-how-to-use-the-simulator = Zo gebruik je de simulator
toolbar-stop-the-clock = De klok stilzetten
toolbar-run-the-program = Het programma starten
toolbar-space = Spatie
toolbar-dock-the-panes-around-the = Zet de panelen naast elkaar rond het 3D-beeld
toolbar-float-the-panes-over-the = Laat de panelen als vensters boven het 3D-beeld zweven, elk een stukje lager; je kunt ze verslepen, groter of kleiner maken en sluiten
toolbar-the-clock-robot-motor-sensor = De metingen van klok, robot, motoren, sensoren en programma
toolbar-the-program-s-icons-with = De pictogrammen van het programma, het lopende licht op
toolbar-sensor-values-and-motor-power = Sensorwaarden en motorvermogen in de tijd
toolbar-use-robot = Robot { $name } gebruiken: { $tip }
toolbar-robot-file = Robotbestand…
toolbar-use-your-own-robot-description = Gebruik je eigen robotbeschrijving (.toml)
toolbar-use-environment = Omgeving { $name } gebruiken: { $tip }
toolbar-remove-dropped-boxes = Dozen weghalen
toolbar-take-away-the-boxes-you = Haal de dozen weg die je op de vloer hebt gezet
toolbar-remove = 🗑 { $name } weghalen
toolbar-environment-file = Omgevingsbestand…
toolbar-use-your-own-environment-description = Gebruik je eigen omgevingsbeschrijving (.toml)
toolbar-how-real-the-brick-behaves = Hoe echt de steen zich gedraagt: origineel = de simulator van 2007 (elke taak voert één instructie per ms uit, ideale motoren); rcx-steen = een echte RCX (ongeveer 300 instructies per seconde voor alle taken samen, vermogens als PWM op gelijkstroommotoren die trager worden onder belasting, rem zonder houdkracht). Kiezen zet de robot terug op zijn start; het programma blijft
toolbar-realism = Realisme: { $realism_name }
toolbar-rcx-brick = rcx-steen
toolbar-behave-like-the-2007-simulator = Gedraagt zich als de simulator van 2007 (standaard)
toolbar-behave-like-a-real-rcx = Gedraagt zich als een echte RCX-steen op een echte tafel
toolbar-on = { $title }  ({ $robot } op { $env })
toolbar-n2-robots = { $title }  (2 robots)
toolbar-open = 📂 Openen
toolbar-open-a-program-file-lasm = Open een programmabestand (.lasm uit ROBOLAB of de SDK, .rcx uit NQC); je kunt het ook op het venster laten vallen — Ctrl+O
toolbar-examples-2 = ⭐ Voorbeelden
toolbar-load-a-ready-made-program = Laad een kant-en-klaar programma met de juiste robot en vloer
toolbar-run-the-program-starts-task = Start het programma (start taak 0 als die niet loopt) — spatiebalk
toolbar-open-a-program-first-open = Open eerst een programma (📂 Openen, ⭐ Voorbeelden, of download er een uit ROBOLAB of NQC)
toolbar-pause-time-stops-you-can = Pauze: de tijd staat stil, de camera kun je nog bewegen — spatiebalk
toolbar-step = ⏭ Stap
toolbar-advance-the-simulation-by-one = De simulatie één stap van 1 ms verder zetten
toolbar-run-until-a-task-has = Doorgaan tot een taak nog één instructie heeft uitgevoerd
toolbar-run-until-the-running-icon = Doorgaan tot het lopende pictogram verandert
toolbar-step-through-the-program-by = Stap voor stap door het programma: per tik, per instructie of per pictogram
toolbar-stop-put-the-robot-back = Stop: de robot gaat terug naar de start; het programma blijft
toolbar-slow-down-wait-10-ms = Langzamer: na elke stap van 1 ms 10 ms langer wachten (tot 200 ms) en elke stap tonen; de natuurkunde blijft gelijk
toolbar-speed-up-first-undo-slow = Sneller: eerst de vertraging in stappen van 10 ms terugdraaien, dan 0,1×, 0,2×, 0,5×, 1×, 2×, 5×, 10×, 20×, 50×, dan zo snel als het kan
toolbar-robot-2 = Robot { $robot_label }
toolbar-choose-the-robot-asks-first = Kies de robot (vraagt eerst als er een programma loopt)
toolbar-floor = Vloer { $env_label }
toolbar-choose-the-environment-e1-plain = Kies de omgeving: E1 gladde vloer, E2 muren, E3 zwarte lijn
toolbar-write-or-change-a-program = Schrijf of verander een programma met de pictogrammen van ROBOLAB (zonder ROBOLAB) en download het dan naar de robot
toolbar-camera-presets-f-front-b = Camerastanden: F voor, B achter, T boven, S zij, i begin
toolbar-follow = 🎯 Volgen
toolbar-keep-the-camera-on-the = De camera volgt de robot terwijl hij rijdt
toolbar-top-view = Bovenaanzicht
toolbar-open-a-second-view-from = Opent een tweede beeld van boven naast het 3D-beeld
toolbar-move-robot = ✋ Verplaatsen
toolbar-pick-up-the-robot-drag = Pak de robot op: sleep hem met de linkermuisknop over de vloer en laat los waar hij moet staan
toolbar-turn-the-robot-15-to = Draai de robot ter plekke 15° naar links (Stop zet hem weer in deze richting)
toolbar-turn-the-robot-15-to-2 = Draai de robot ter plekke 15° naar rechts
toolbar-grid = Raster
toolbar-a-grid-on-the-floor = Een raster op de vloer: dunne lijnen om de 10 cm, dikke om de meter
toolbar-soft-shadows-under-the-robot-2 = Zachte schaduwen onder de robot en de dozen
toolbar-icon-above-robot = Pictogram boven robot
toolbar-show-the-running-icon-floating = Toont het lopende pictogram zwevend boven de robot
toolbar-tile = Naast elkaar
toolbar-cascade = Over elkaar
toolbar-float-the-panes-over-the-2 = Laat de panelen als vensters boven het 3D-beeld zweven, elk een stukje lager
toolbar-speed-simulated-seconds-per-real = Snelheid: gesimuleerde seconden per echte seconde (1× = echte tijd, max = zo snel als de computer kan); verschuiven stopt de vertraging
toolbar-slow-ms-step = traag +{ $slow } ms/stap
toolbar-slow-motion-a-pause-after = Vertraagd: een pauze na elke stap van 1 ms, elke stap te zien; druk op Sneller om het terug te draaien
toolbar-of = {" "}van { $name }
toolbar-no-tcp = geen TCP
toolbar-pty-ready = {" "}· pty { $display } klaar
toolbar-waiting-for-robolab-or-nqc = wacht op ROBOLAB of NQC
toolbar-n1-client-connected = 1 client verbonden
toolbar-clients-connected = { $n } clients verbonden
toolbar-link = Verbinding{ $whose }: { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download =
    ROBOLAB en NQC kunnen hier programma's downloaden, zoals naar een echte RCX. Laatste gebeurtenissen van de verbinding:
    {""}
toolbar-copy-sym-txt-settings = sym.txt-instellingen kopiëren
toolbar-copy-the-three-lines-robolab = Kopieert de drie regels die sym.txt van ROBOLAB nodig heeft (SymName, SymAddr, SymPort) naar het klembord
toolbar-sym-txt-settings-copied-paste = sym.txt-instellingen gekopieerd: plak ze in sym.txt in de map van ROBOLAB.
toolbar-link-off = Verbinding{ $whose } uit
toolbar-the-rcx-link-could-not = De RCX-verbinding kon niet starten: { $e }. Start de app met --listen ADRES om een andere poort te gebruiken.
toolbar-link-off-2 = Verbinding uit
toolbar-no-rcx-link-in-this = Geen RCX-verbinding in dit venster
toolbar-take-away-only-dropped-at = Alleen { $name } weghalen (neergezet op x { $x } m, z { $z } m); de andere dozen blijven
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } is niet naast dit programma geïnstalleerd
toolbar-original = origineel

## Metingen, tijdlijn en grafieken

readouts-s-of-s = { $what } { $v0 } s van { $live } s
readouts-running-at-real-time = loopt op { $rtf }× echte tijd
readouts-starting = Bezig met starten…
readouts-simulated-time-since-the-start = Gesimuleerde tijd sinds de start (stappen van 1 ms); op de milliseconde bij pauze, stap voor stap of vertraagd
readouts-running-paused-in-slow-motion = Loopt, gepauzeerd, vertraagd of toont een eerder moment van de run; de echte-tijdfactor is gesimuleerde seconden per echte seconde over de laatste seconde
readouts-robot = Robot
readouts-the-robot-model-the-environment = Het robotmodel, de omgeving en het realisme (origineel = de simulator van 2007, rcx-steen = een echte RCX)
readouts-on = { $robot } op { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Midden van de RCX-steen in meter (x vooruit bij de start, z naar rechts) en de richting waarin de robot kijkt (graden tegen de klok in, van boven gezien)
readouts-straight-line-distance-from-where = Afstand in rechte lijn vanaf waar de robot begon en (tussen haakjes) de lengte van de gereden weg
readouts-motors = Motoren
readouts-forward = ▶ vooruit
readouts-backward = ◀ achteruit
readouts-brake = ⏹ rem
readouts-float = ○ vrij
readouts-output = uitgang { $name }
readouts-motor-output-on-direction-power = Motoruitgang: aan (richting, vermogen 0–7 en procent), rem of vrij (uitrollen)
readouts-sensors = Sensoren
readouts-ports-1-3 = poorten 1–3
readouts-this-robot-has-no-sensors = Deze robot heeft geen sensoren
readouts-no-sensor = geen sensor
readouts-port = poort { $port1 }
readouts-sensor-type-and-mode-the = Sensor: soort en modus, de waarde die het programma leest en de ruwe meting (0–1023)
readouts-program = Programma
readouts-running-pc = loopt · pc { $pc }
readouts-waiting-s-pc = wacht { $v0 } s · pc { $pc }
readouts-waiting-pc = wacht · pc { $pc }
readouts-stopped-pc = gestopt · pc { $pc }
readouts-task = taak { $task }
readouts-a-task-of-the-program = Een taak van het programma: loopt, wacht of gestopt, en het adres van haar instructie
readouts-the-four-rcx-timers-in = De vier timers van de RCX, in stappen van 100 ms
readouts-variables = Variabelen
readouts-all-32-are-0 = alle 32 zijn 0
readouts-the-rcx-s-32-global = De 32 globale variabelen van de RCX (containers)
readouts-var = var { $i }
readouts-a-global-variable-robolab-container = Een globale variabele (ROBOLAB-container) die niet 0 is
readouts-faults = Fouten
readouts-the-rcx-stopped-this-task = De RCX heeft deze taak gestopt door een fout in het programma
readouts-replay-nothing-recorded-yet = Herhaling: nog niets opgenomen
readouts-every-run-is-recorded-once = Elke run wordt opgenomen; zodra hij begonnen is, kun je hier terugspoelen
readouts-play-the-run-again-from = Speelt de run opnieuw af vanaf het getoonde moment (vanaf het begin als je aan het eind bent), op de gekozen snelheid; hij stopt bij het heden
readouts-the-timeline-drag-to-see = De tijdlijn: sleep om elk moment van de run te zien
readouts-continue-the-simulation-from-this = Gaat verder met de simulatie vanaf dit moment (de rest van de opname vervalt)
readouts-leave-the-replay-and-show = Verlaat de herhaling en toont de simulatie zoals ze nu is
readouts-sensor = sensor { $port1 }
readouts-sensor-values = Sensorwaarden
readouts-what-the-program-reads-from = Wat het programma in de tijd van elke sensor leest; dunne lijnen tonen waar een pictogram begon
readouts-motor-power = Motorvermogen (%)
readouts-power-of-outputs-a-b = Vermogen van de uitgangen A, B, C in procent: positief vooruit, negatief achteruit, 0 bij rem of vrij; dunne lijnen tonen waar een pictogram begon
readouts-robots = Robots
readouts-robot-link = Robotverbinding
readouts-add-robot = Robot toevoegen
readouts-put-another-robot-of-this = Zet nog een robot van dit model naast de andere, met een eigen RCX en een eigen verbindingspoort (alles begint weer bij 0 s)
readouts-remove-robot = Robot weghalen
readouts-take-the-chosen-robot-out = Haalt de gekozen robot uit de wereld (alles begint weer bij 0 s; de andere robots houden hun programma's)
readouts-no-link = geen verbinding
readouts-replaying = herhaling
readouts-showing = weergave
readouts-slow-motion-ms-after-each = vertraagd: +{ $slow_delay_ms } ms na elke stap van 1 ms
readouts-paused = gepauzeerd
readouts-raw = { $name } · { $info }: { $value }   ruw { $raw }
readouts-robot-its-rcx-listens-on = Robot { $k1 }: { $name } ({ $model }). Zijn RCX luistert op { $link } (NQC, ROBOLAB of nqc -S…). ▶ zijn programma loopt, ⏹ er loopt er geen. Klik om zijn steen, metingen, programma en grafieken te zien; het menu Robot en Bestand > Openen werken dan op hem.

## Het programmaverloop

trace-var = var { $rest }
trace-var-2 =
    var { $v } { $op }
    { $value }
trace-var-3 = var { $c }
trace-port = poort { $sp }
trace-pwr = verm { $pw }
trace-task = taak { $t }
trace-hz = { $f } Hz
trace-program = Programma
trace-no-program-yet = Nog geen programma.
trace-open-a-lasm-or-rcx = Open een .lasm- of .rcx-bestand, laat er een op het venster vallen, kies een voorbeeld of download er een uit ROBOLAB of NQC.
trace-program-2 = Programma: { $name }
trace-the-icons-of-the-program = De pictogrammen van het programma; het lopende licht op
trace-no-icons-recognised-in-this = Geen pictogrammen herkend in dit programma.
trace-subroutine = Subroutine { $s }
trace-task-2 = Taak { $task }
trace-hide-the-lasm-lines = LASM-regels verbergen
trace-icon = pictogram { $label }: { $title }
trace-running = loopt
trace-waiting = wacht
trace-stopped = gestopt
trace-click-to-see-its-lasm =
    { $label } — { $title }
    { $params }
    Klik om de LASM-regels te zien.

## De steen

brick-brick-on-off = Steen On-Off
brick-brick-run = Steen Run
brick-brick-prgm = Steen Prgm
brick-brick-view = Steen View
brick-lcd-off = Scherm uit
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off: zet de steen uit (programma's stoppen, uitgangen vrij, het scherm wordt leeg; programma's en variabelen blijven) of weer aan (de klok begint bij 00.00)
brick-run-start-the-selected-program = Run: start het gekozen programma (zijn taak 0), of stopt het als het loopt
brick-prgm-stop-the-program-and = Prgm: stopt het programma en kiest de volgende programmaplaats (1-5)
brick-view-show-the-next-of = View: toont het volgende op het scherm: klok, sensoren 1-3 en uitgangen A-C
brick-the-brick-s-speaker-is = De luidspreker van de steen is hier stil: { $why }. `run --audio BESTAND.wav` schrijft het geluid naar een bestand.
brick-the-brick-s-beeps-and = De piepjes en tonen van de steen via de luidspreker van deze computer, in de maat van de gesimuleerde tijd: trager als het vertraagd is, stil bij pauze en bij snel vooruit (boven 2,5x)
brick-mute-speaker = Geluid uit
brick-unmute-speaker = Geluid aan
brick-lcd-program = Scherm { $text } · programma { $program } · { $view } · { $state }
brick-the-rcx-s-display-the =
    { $line }
    Het scherm van de RCX: de klok (uren.minuten sinds aanzetten), de waarde van een sensor, het vermogen van een uitgang of het eigen nummer van het programma; rechts de plaats 1-5; het poppetje loopt zolang er een programma loopt
brick-off = uit
brick-running = loopt
brick-stopped = gestopt

## Het 3D-beeld

view3d-remove = 🗑 { $name } weghalen
view3d-take-away-this-box-the = Haal deze doos weg; de andere blijven
view3d-n3d-view-no-graphics-adapter = 3D-beeld (geen grafische kaart)
view3d-top-view = Bovenaanzicht
view3d-drag-the-robot-to-where = Sleep de robot naar waar hij moet staan
view3d-drag-turn-right-drag-move = slepen: draaien · rechts slepen: verschuiven · wiel: zoomen · toetsen: pijlen, F1–F4
view3d-box = Doos
view3d-drag-this-box-onto-the = Sleep deze doos op de vloer om de robot een obstakel in de weg te zetten
view3d-drag-me = sleep mij
view3d-replay = {"  "}(herhaling)
view3d-slow-ms-step = {"  "}traag +{ $slow_delay_ms } ms/stap
view3d-real-time = {"  "}{ $realtime_factor }× echte tijd
view3d-paused = {"  "}gepauzeerd

## Het bestandsvenster

files-use-this-folder = ✔ Deze map gebruiken
files-open-a-file = Een bestand openen
files-choose-the-assignment = De opdracht kiezen
files-choose-the-programs-folder = De programmamap kiezen
files-choose-the-output-folder = De uitvoermap kiezen
files-up = ⬆ Omhoog
files-go-to-the-folder-above = Naar de map erboven
files-choose-the-folder-shown-above = De map kiezen die bovenaan staat
files-no-programs-robots-or-environments = Hier staan geen programma's, robots of omgevingen.
files-no-toml-files-here = Hier staan geen .toml-bestanden.
files-no-folders-here = Hier staan geen mappen.
files-open-this-folder = Deze map openen
files-use-this-assignment-file = Dit opdrachtbestand gebruiken
files-open-this-file-a-lasm = Dit bestand openen: een .lasm/.rcx-programma, een .toml van robot/omgeving of een .json-opname
files-or-type-a-path = of typ een pad
files-a-file-path-absolute-or = Een bestandspad, absoluut of ten opzichte van de map erboven; Enter opent het
files-open = Openen
files-choose = Kiezen
files-open-the-typed-path = Het getypte pad openen
files-does-not-exist = { $display } bestaat niet.
files-already-exists-replace-it = { $display } bestaat al. Vervangen?
files-overwrite-the-existing-file = Het bestaande bestand overschrijven
files-keep-the-existing-file-and = Het bestaande bestand houden en een andere naam kiezen
files-save-into-this-folder = In deze map bewaren
files-name = Naam:
files-save-under-this-name-in = Onder deze naam bewaren in de map erboven
files-close-without-saving = Sluiten zonder bewaren
files-name-tip = De bestandsnaam (.{ $ext } komt erachter als je de extensie weglaat); een pad wordt genomen zoals het is

## Het beoordelingsvenster

grade-grade-a-class = Een klas beoordelen…
grade-grade-a-class-2 = Een klas beoordelen
grade-choose-the-assignment = 📂 Opdracht kiezen…
grade-choose-the-programs-folder = 📂 Programmamap kiezen…
grade-choose-the-output-folder = 📂 Uitvoermap kiezen…
grade-assignment-file = Opdrachtbestand
grade-programs-folder = Programmamap
grade-output-folder = Uitvoermap
grade-start-grading = ▶ Beginnen met beoordelen
grade-copy-the-report-s-path = Pad van het rapport kopiëren
grade-cancel-grading = ⏹ Beoordelen afbreken
grade-open = { $run } openen
grade-the-assignment-toml-its-scenarios = De opdracht (.toml): haar scenario's en criteria (docs/grading.md)
grade-one-program-per-pupil-alice = Eén programma per leerling: anna.rcx, bram.lasm, cor.nqc, of een map per leerling met één programma
grade-where-runs-jsonl-grades-csv = Waar runs.jsonl, grades.csv, junit.xml, de Gradescope-bestanden en report.html komen (een map ‘graded’ naast de opdracht als je er geen kiest)
grade-run-every-pupil-s-program = Voert het programma van elke leerling uit in elk scenario van de opdracht, op de achtergrond; de simulator blijft intussen werken
grade-stop-after-the-runs-being = Stopt na de runs die nu gesimuleerd worden; er wordt geen rapport geschreven
grade-choose-an-assignment-and-the = Kies een opdracht en de programma's van de leerlingen, dan Beginnen.
grade-runs-not-ok = { $done } / { $total } runs · { $not_ok } niet ok
grade-about-s-left = {" "}· nog ongeveer { $left } s
grade-report = Rapport:
grade-open-it-in-a-browser = Open het in een browser; grades.csv, junit.xml, runs.jsonl en gradescope/ staan ernaast
grade-copy-the-report-s-path-2 = Kopieert het pad van het rapport, om het in een browser of bestandsbeheer te plakken
grade-grading-stopped = Het beoordelen is gestopt: { $e }
grade-click-a-pupil-to-see = Klik op een leerling om zijn of haar runs te zien.
grade-pupil = Leerling
grade-points = Punten
grade-points-in-this-scenario-the = Punten in dit scenario (het gemiddelde over de seeds)
grade-status = Toestand
grade-show-this-pupil-s-runs = Toont de runs en criteria van deze leerling
grade-open-this-run-in-the = Opent deze run in het hoofdbeeld: robot, vloer en start van het scenario, het programma van deze leerling, de seed en het realisme van de run; druk dan op Start of Herhalen
grade-pass = ✔ geslaagd
grade-fail = ✖ niet geslaagd
grade-simulations-at-once-a-run = { $jobs } simulaties tegelijk; een run is niet ok als zijn programma niet laadde of niet beoordeeld kon worden
grade-graded-runs-in-s = { $total } runs beoordeeld in { $took_s } s.{ $is_empty }
grade-cancelled-after-of-runs-no = Afgebroken na { $done } van { $total } runs: er is geen rapport geschreven.
grade-of = van
grade-of-points = { $student }: { $points } van { $points2 } punten · { $status }
grade-of-points-2 = { $points } van { $points2 } punten ·
grade-skipped = overgeslagen

## De programma-editor

editor-program-editor = ✏ Programma-editor
editor-edit-program = ✏ Programma bewerken
editor-download = ⬇ Downloaden
editor-run-program = ▶ Programma starten
editor-stop-program = ⏹ Programma stoppen
editor-undo = ⟲ Ongedaan maken
editor-redo = ⟳ Opnieuw
editor-new = 📄 Nieuw
editor-save-program = 💾 Programma bewaren
editor-edit-the-robot-s-program = 📥 Programma van de robot bewerken
editor-delete-icon = 🗑 Pictogram wissen
editor-task = + Taak
editor-subroutine = + Subroutine
editor-restore-it = Terughalen
editor-replace-the-file = Het bestand vervangen
editor-keep-the-file = Het bestand houden
editor-discard-it = Weggooien
editor-close-without-saving = Sluiten zonder bewaren
editor-keep-editing = Verder bewerken
editor-start-a-new-program-empty = Begin een nieuw programma: leeg, of vanaf een kant-en-klaar begin dat je kunt veranderen (Ongedaan maken haalt het oude terug)
editor-take-back-the-last-change = De laatste verandering terugdraaien — Ctrl+Z
editor-do-again-what-undo-took = Opnieuw doen wat Ongedaan maken terugdraaide — Ctrl+Y
editor-stop-the-robot-and-put = Stopt de robot en zet hem terug op zijn start (het programma blijft)
editor-run-the-program-the-robot = Start het programma dat de robot heeft (de ▶ Start van de werkbalk)
editor-download-a-program-first = Download eerst een programma
editor-save-the-program-as-a = Bewaart het programma als bestand: .rcx of .lasm als het af is, of als ontwerp (het eigen formaat van de editor) als het nog niet af is
editor-open-the-program-the-robot = Opent hier als pictogrammen het programma dat de robot nu heeft (een bestand, een voorbeeld of een download uit ROBOLAB of NQC)
editor-the-robot-has-no-program = De robot heeft nog geen programma
editor-exists-already = { $name } bestaat al.
editor-write-over-it = Overschrijven
editor-leave-it-choose-another-name = Laat staan; kies een andere naam in 💾 Programma bewaren
editor-the-robot-still-runs-the = De robot voert het programma nog uit zoals je het de laatste keer downloadde. Je veranderingen tellen vanaf de volgende ⬇ Downloaden.
editor-folder = Map: { $display }
editor-name = Naam:
editor-it-comes-with-its-partner = {" "}Het komt met zijn partnerpictogrammen (een lus met haar einde, een splitsing met haar samenkomst, een sprong met zijn landing).
editor-add-a-strip-for-a = Voegt een strook toe voor een subroutine (een Subroutine-pictogram in een taak roept haar aan)
editor-strip = Strook { $title }
editor-drag-icons-from-the-palette = Sleep hier pictogrammen uit het palet naartoe
editor-click-to-set-its-modifiers =
    {""}
    Klik om de instellingen te kiezen; sleep om het te verplaatsen, of naar het palet om het te wissen.
editor-click-an-icon-to-set = Klik op een pictogram om de instellingen te kiezen (poort, vermogen, seconden, …). Tab gaat naar het volgende pictogram, Enter bewerkt, Delete wist.
editor-click-an-icon-to-set-2 = Klik op een pictogram om de instellingen te kiezen.
editor-take-this-icon-out-of = Dit pictogram uit het programma halen — Delete
editor-modifiers-of = Instellingen van { $title }
editor-this-icon-has-no-modifiers = Dit pictogram heeft geen instellingen.
editor-port = Poort { $port }
editor-the-motor-outputs-this-icon = De motoruitgangen die dit pictogram aanstuurt (een of meer van A, B, C)
editor-to = { $title }: { $min } tot { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = De RCX-code waarin elk pictogram wordt omgezet, zoals ROBOLAB die schrijft; de lopende regel licht op
editor-this-program-cannot-compile-yet = Dit programma kan nog niet worden vertaald; herstel de pictogrammen met ⚠:
editor-each-icon-s-code-appears = Hier verschijnt de code van elk pictogram.
editor-restore-your-program = Je programma terughalen?
editor-open-it-in-the-program = Openen in de programma-editor
editor-forget-it-and-start-with = Vergeten en met een leeg programma beginnen
editor-your-program-is-not-saved = Je programma is niet bewaard
editor-the-program-editor-has-changes = De programma-editor heeft veranderingen die je niet als bestand hebt bewaard. Bewaar eerst (💾 Programma bewaren in de editor) of sluit zonder bewaren.
editor-close-the-simulator-the-program = De simulator sluiten; het programma gaat verloren
editor-send-this-program-to-the = Stuurt dit programma naar de robot ({ $editor_target }), zoals de download van ROBOLAB; druk daarna op ▶ Start
editor-drag-it-into-a-strip =
    { $title }
    Sleep het in een strook, of klik om het achter het gekozen pictogram toe te voegen.{ $more }
editor-touch = aanraking
editor-light = licht
editor-to-seconds = { $title }: { $v0 } tot { $v02 } seconden
editor-the-program-editor-was-not = De programma-editor is de vorige keer niet goed afgesloten. Het programma is bewaard: { $summary }.
editor-name-tip = De naam van het bestand; de extensie komt er vanzelf achter
editor-add-task-tip = Voegt een strook toe voor nog een taak (een pictogram Taak splitsen of Taak starten start haar)
editor-2nd = 2e

## Help en Over

help-how-to-use-the-simulator = Zo gebruik je de simulator
help-about-lurobotsim = Over lurobotsim
help-turns-a-motor-on-forwards = Zet een motor vooruit aan. De letter zegt welke poort: A, B of C.
help-turns-a-motor-on-backwards = Zet een motor achteruit aan.
help-stops-a-motor-at-once = Stopt een motor meteen (rem).
help-lets-a-motor-run-freely = Laat een motor vrij draaien tot hij uitrolt.
help-waits-for-some-seconds-the = Wacht een paar seconden; het aftellen staat op het pictogram.
help-waits-until-the-touch-sensor = Wacht tot de tastsensor wordt ingedrukt.
help-waits-until-the-touch-sensor-2 = Wacht tot de tastsensor wordt losgelaten.
help-waits-until-the-light-sensor = Wacht tot de lichtsensor donker ziet (onder een getal).
help-waits-until-the-light-sensor-2 = Wacht tot de lichtsensor licht ziet (boven een getal).
help-waits-until-the-light-sensor-3 = Wacht tot de lichtsensor donkerder ziet dan nu.
help-waits-until-the-light-sensor-4 = Wacht tot de lichtsensor lichter ziet dan nu.
help-waits-until-a-wheel-has = Wacht tot een wiel ver genoeg gedraaid is.
help-goes-one-way-if-the = Gaat de ene kant op als de tastsensor is ingedrukt, anders de andere.
help-goes-one-way-if-the-2 = Gaat de ene kant op als de lichtsensor licht ziet, de andere bij donker.
help-where-the-two-ways-of = Waar de twee wegen van een splitsing weer samenkomen.
help-jumps-to-the-land-icon = Springt naar het Landen-pictogram met dezelfde kleur.
help-where-a-jump-arrives = Waar een Sprong aankomt.
help-start-of-a-part-that = Begin van een stuk dat herhaald wordt.
help-end-of-the-repeated-part = Einde van het herhaalde stuk: terug naar het Lus-pictogram.
help-starts-a-second-line-of = Start een tweede rij pictogrammen die tegelijk loopt.
help-plays-one-of-the-rcx = Speelt een van de geluiden van de RCX.
help-plays-a-note = Speelt een noot.
help-sets-or-changes-a-number = Zet of verandert een getal dat het programma onthoudt (een container).
help-sets-a-timer-back-to = Zet een timer terug op nul.
help-tells-the-rcx-which-sensor = Vertelt de RCX welke sensor op een poort zit.
help-starts-another-task = Start een andere taak.
help-stops-a-task = Stopt een taak.
help-runs-a-group-of-icons = Voert een groep pictogrammen uit die ergens anders staat en komt dan terug.
help-instructions-that-are-not-one = Instructies die geen pictogram van ROBOLAB zijn.
help-n1-get-a-program = 1. Een programma pakken
help-examples-gives-ready-made-programs = ⭐ Voorbeelden geeft kant-en-klare programma's met de juiste robot en vloer.
help-open-ctrl-o-opens-a = 📂 Openen (Ctrl+O) opent een .lasm- of .rcx-bestand; je kunt ook een bestand op het venster laten vallen.
help-or-download-from-robolab-or = Of download uit ROBOLAB of NQC, zoals naar een echte RCX (zie hieronder).
help-or-write-your-own-with = Of schrijf je eigen programma met ✏ Programma bewerken: sleep de pictogrammen van ROBOLAB uit het palet naar de strook, klik op een pictogram om poorten, vermogen of seconden in te stellen, en dan ⬇ Downloaden en ▶ Programma starten. Ongedaan maken (Ctrl+Z) draait elke verandering terug; je programma wordt vanzelf bewaard.
help-n2-run-it = 2. Starten
help-run-starts-the-program-pause = ▶ Start start het programma. ⏸ Pauze zet de klok stil; ▶ Start gaat daar verder. De spatiebalk doet allebei.
help-stop-puts-the-robot-back = ⏹ Stop zet de robot terug waar hij begon; het programma en je dozen blijven.
help-on-the-right-the-program = Rechts de pictogrammen van het programma: het lopende licht geel op. Klik op een pictogram om zijn instructies te zien.
help-n3-watch-it-slowly = 3. Langzaam bekijken
help-slower-every-click-waits-10 = 🐢 Langzamer: elke klik wacht na elke stap van 1 ms 10 ms langer (tot 200 ms), zodat je elk pictogram kunt volgen. 🐇 Sneller draait het terug en gaat dan sneller.
help-the-speed-slider-0-1 = De snelheidsschuif: 0,1× is tien keer langzamer dan echt, 1× is echte tijd, max is zo snel als de computer kan.
help-step-one-millisecond-one-instruction = ⏭ Stap: één milliseconde, één instructie, of tot het volgende pictogram oplicht. De klok toont dan milliseconden.
help-n4-look-back = 4. Terugkijken
help-drag-the-timeline-under-the = Sleep de tijdlijn onder het 3D-beeld om elk eerder moment te zien.
help-replay-plays-the-run-again = ⟲ Herhalen speelt de run vanaf daar opnieuw af; ⏵ Verder vanaf hier gaat vanaf dat moment door; Live gaat terug naar nu.
help-n5-change-the-world = 5. De wereld veranderen
help-pick-another-robot-m1-m5 = Kies op de werkbalk een andere robot (M1–M5) of vloer (E1–E3). Sleep de rode Doos op de vloer om een obstakel in de weg te zetten; het menu Omgeving haalt de dozen weer weg, allemaal of één, en met rechtsklikken op een doos haal je alleen die weg. Realisme: origineel gedraagt zich als de simulator van 2007, rcx-steen als een echte RCX (tragere firmware, motoren die trager worden onder belasting).
help-move-robot-drag-the-robot = ✋ Verplaatsen: sleep de robot naar een nieuwe plek; de Draai-knoppen veranderen zijn richting.
help-the-rcx-itself = De RCX zelf
help-at-the-top-of-the = Bovenaan bij de metingen de gele steen: zijn scherm toont de klok (uren.minuten sinds aanzetten), de waarde van een sensor, het vermogen van een uitgang of het eigen nummer van het programma, rechts de programmaplaats 1-5 en een poppetje dat loopt zolang er een programma loopt.
help-click-its-buttons-as-on = Klik op zijn knoppen zoals op een echte steen: View toont de volgende sensor of motor, Prgm kiest de volgende programmaplaats, Run start of stopt het gekozen programma, On-Off zet de steen uit en aan (de programma's blijven).
help-its-beeps-and-tunes-play = Zijn piepjes en wijsjes klinken uit de luidspreker van deze computer, trager als het vertraagd is en stil bij pauze; Geluid uit zet ze uit.
help-connecting-robolab = ROBOLAB verbinden
help-press-copy-sym-txt-settings = Druk op ‘sym.txt-instellingen kopiëren’ in de statusbalk en plak de regels in het bestand sym.txt in de map van ROBOLAB.
help-in-robolab-choose-the-simulator = Kies in ROBOLAB de simulator (LegoSim) als poort en druk op de witte pijl: het programma verschijnt hier en start.
help-connecting-nqc = NQC verbinden
help-nqc-4-x-downloads-straight = NQC 4.x downloadt rechtstreeks via TCP: nqc -TRCX2 -Stcp:localhost:4266 -d programma.nqc -run
help-older-nqc-speaks-only-to = Oudere NQC praat alleen met een seriële poort: start de simulator met --pty /tmp/rcx en dan nqc -TRCX2 -S/tmp/rcx -d programma.nqc
help-on-windows-there-is-no = Op Windows is er geen pseudoterminal (--pty): gebruik NQC 4.x via TCP zoals hierboven.
help-or-compile-nqc-trcx2-oprogram = Of vertaal: nqc -TRCX2 -Oprogramma.rcx programma.nqc, en open programma.rcx hier.
help-mouse-and-keys = Muis en toetsen
help-left-drag-turns-the-camera = Links slepen draait de camera, het wiel zoomt, rechts slepen verschuift haar. De beeldknoppen F, B, T, S, i springen naar een beeld.
help-arrows-move-the-camera-f1 = Pijlen bewegen de camera, F1/F2 laten haar zakken/stijgen, F3/F4 draaien haar. Spatie: starten of pauzeren. Ctrl+O: een bestand openen.
help-what-the-icons-mean = Wat de pictogrammen betekenen
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = Een simulator voor programma's van de LEGO MINDSTORMS RCX: test ROBOLAB- en NQC-programma's op virtuele robots en zie elk pictogram oplichten terwijl het loopt.
help-a-rust-port-of-lurobotsim = Een Rust-versie van LURobotSim.

## Voorbeelden, robots en vloeren

example-motor-2s = Motor 2 seconden
example-motor-2s-tip = Beide motoren 2 seconden vooruit, dan stoppen (robot M4, gladde vloer E1). De echte robot reed 1,05 m.
example-touch = De muur raken
example-touch-tip = Rijden tot de tastsensor de muur raakt, 1 s stilstaan, 2 s achteruit (robot M2, vloer met muur E2)
example-line-follower = Lijnvolger
example-line-follower-tip = Naar de zwarte lijn rijden en dan met de lichtsensor haar rand volgen (robot M5, vloer met lijn E3)
example-wait-for-darker = Wachten op donkerder
example-wait-for-darker-tip = Rijden tot de vloer donkerder is dan bij de start (robot M5, vloer met lijn E3); de oorspronkelijke simulator kon dit niet
example-task-split = Taak splitsen
example-task-split-tip = Twee taken tegelijk: de ene rijdt, de andere piept (robot M3, gladde vloer E1)
scene-ir-master-slave = IR: baas en volger
scene-ir-master-slave-tip = Twee M4's: de baas stuurt ‘vooruit’, ‘achteruit’, ‘stop’ via infrarood, telkens twee seconden na elkaar; de volger gehoorzaamt (scène: twee robots, elk met een eigen RCX)
scene-ir-elect = IR: een leider kiezen
scene-ir-elect-tip = Twee M4's draaien één programma: elk wacht een willekeurige tijd en eist via infrarood de leiding op; een steen die eerst een eis hoort, volgt. De leider rijdt een seconde vooruit (scène: twee robots)
robot-m1 = Eén motor (A), één aangedreven voorwiel, geen sensor
robot-m2 = M1 met een tastsensor voorop (poort 1)
robot-m3 = Twee motoren (A, C) en een vrij zwenkwiel achteraan
robot-m4 = Twee motoren (A, C) en vier wielen
robot-m5 = M3 met een lichtsensor die naar de vloer kijkt (poort 1)
env-e1 = Een vlakke, lege vloer
env-e2 = Een vloer met een muur rondom (voor de tastsensor)
env-e3 = Een witte vloer met een zwarte vierkante lijn (voor de lichtsensor)

## Namen die de kern in het Engels houdt (pictogrammen zoals in ROBOLAB)

icon-motor-forward = Motor vooruit
icon-motor-backward = Motor achteruit
icon-stop-motor = Motor stoppen
icon-float-motor = Motor vrij
icon-wait-for-time = Wachten op tijd
icon-wait-for-push = Wachten op indrukken
icon-wait-for-let-go = Wachten op loslaten
icon-wait-for-dark = Wachten op donker
icon-wait-for-light = Wachten op licht
icon-wait-for-darker = Wachten op donkerder
icon-wait-for-lighter = Wachten op lichter
icon-wait-for-rotation = Wachten op draaiing
icon-touch-sensor-fork = Splitsing tastsensor
icon-light-sensor-fork = Splitsing lichtsensor
icon-fork-merge = Samenkomst
icon-jump = Springen
icon-land = Landen
icon-loop = Lus
icon-end-of-loop = Einde lus
icon-task-split = Taak splitsen
icon-play-sound = Geluid spelen
icon-play-tone = Toon spelen
icon-container = Container
icon-reset-timer = Timer op nul
icon-sensor-setup = Sensor instellen
icon-start-task = Taak starten
icon-stop-task = Taak stoppen
icon-subroutine = Subroutine
icon-instructions = Instructies
group-outputs = Uitgangen
group-wait-for = Wachten op
group-structures = Structuren
group-sensors-and-timers = Sensoren en timers
group-tasks-and-subroutines = Taken en subroutines
group-sounds-and-tones = Geluiden en tonen
group-containers = Containers
group-other = Overig
param-ports = Poorten
param-power-level = Vermogen
param-seconds = Seconden
param-sensor-port = Sensorpoort
param-threshold = Drempel
param-change = Verandering
param-count = Aantal
param-until = Tot
param-frequency-hz = Frequentie (Hz)
param-duration-s = Duur (s)
param-sound = Geluid
param-container = Container
param-operation = Bewerking
param-value = Waarde
param-task = Taak
param-subroutine = Subroutine
param-timer = Timer
param-label = Label
icon-loop-a-number-of-times = Lus een aantal keer
icon-loop-forever = Eindeloze lus
icon-loop-until-touch = Lus tot aanraking
icon-loop-until-light = Lus tot licht
icon-second-branch = Tweede tak
choice-released = losgelaten
choice-pressed = ingedrukt
choice-light = licht
choice-dark = donker
choice-fill = zetten
choice-add = optellen
choice-subtract = aftrekken
choice-multiply = vermenigvuldigen
choice-divide = delen
choice-click = klik
choice-double-beep = dubbele piep
choice-sweep-down = glijtoon omlaag
choice-sweep-up = glijtoon omhoog
choice-error-buzz = foutzoemer
choice-fast-sweep-up = snelle glijtoon omhoog

## Berichten en fouten van de app

app-audio-the-brick-s-speaker-is = De luidspreker van de steen is stil: { $why }
app-audio-the-sound-output-stopped = de geluidsuitvoer is gestopt
app-audio-cannot-start-the-sound-thread = de geluidsthread kan niet starten: { $e }
app-audio-sound-output-is-built-for = geluidsuitvoer bestaat alleen op Linux en Windows (gebruik `run --audio BESTAND.wav`)
app-audio-this-browser-has-no-web = deze browser heeft geen Web Audio ({ $e })
app-audio-libasound-has-no = libasound heeft geen { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = de ALSA-geluidsbibliotheek (libasound.so.2) is niet geïnstalleerd
app-audio-no-sound-card = geen geluidskaart
app-audio-no-sound-device = geen geluidsapparaat
app-audio-the-sound-device-refused-16 = het geluidsapparaat weigert 16-bit mono op 44,1 kHz
app-audio-the-sound-device-refused-16-2 = het geluidsapparaat weigert 16-bit mono op 44,1 kHz (waveOutOpen-fout { $r })
app-connection-robolab-transfer-complete-running-task = { $who }Overdracht van ROBOLAB klaar: taak 0 loopt.
app-connection-the-host-started-task = { $who }De computer heeft taak { $task } gestart.
app-connection-connected = { $who }{ $peer } verbonden.
app-connection-link = { $who }Verbinding: { $e }
app-connection-rcx-link-of-robot-it = RCX-verbinding van robot { $k1 }: { $e }. Het werkt ook zonder.
app-connection-no-link = geen verbinding: { $e }
app-connection-port = poort { $port }
app-editor-empty-program = Leeg programma
app-editor-one-motor-for-a-time = Eén motor een tijdje
app-editor-two-motors-then-wait = Twee motoren, dan wachten
app-editor-line-follower-skeleton = Lijnvolger (geraamte)
app-editor-task-0-with-no-icons = Taak 0 zonder pictogrammen: sleep pictogrammen uit het palet
app-editor-motor-a-forward-wait-2 = Motor A vooruit, 2 s wachten, A stoppen (ROBOLAB Pilot 1)
app-editor-motors-a-and-c-forward = Motoren A en C vooruit, 2 s wachten, allebei stoppen (ROBOLAB Pilot 2); voor de robots M3–M5
app-editor-drive-until-the-light-sensor = Rijden tot de lichtsensor op poort 1 de zwarte lijn ziet, dan altijd haar rand volgen: bij donker draaien met C, bij licht terug met A (robot M5, vloer E3)
app-editor-save-as-rcx-finished-program = Bewaren als .rcx (af programma)
app-editor-save-as-lasm-finished-program = Bewaren als .lasm (af programma)
app-editor-save-as-a-draft-icons = Bewaren als ontwerp (.icons, mag onaf zijn)
app-editor-the-program-as-a-brick = Het programma als steenafbeelding: loopt hier (Bestand > Openen, run --program), in de hulpmiddelen van NQC en op een echte RCX
app-editor-the-program-as-robolab-s = Het programma als LASM-tekst van ROBOLAB: leesbaar, en het loopt hier en in de SDK
app-editor-the-icons-as-the-editor = De pictogrammen in het kleine tekstformaat van de editor: bewaart een programma dat nog niet te vertalen is (een splitsing zonder samenkomst); open het hier weer
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } pictogram
       *[other] { $icons } pictogrammen
    } in { $len ->
        [one] { $len } strook
       *[other] { $len } stroken
    }
app-editor-the-autosaved-program-could-not = Het automatisch bewaarde programma kon niet worden gelezen (regel { $line }: { $message }).
app-editor-autosave-failed = Automatisch bewaren mislukt: { $e }
app-editor-kept-as-it-is-it = { $label } (blijft zoals het is: verplaatsen of wissen kan, bewerken niet)
app-editor-task = Taak { $t }
app-editor-subroutine = Subroutine { $s }
app-editor-pwr = verm { $v }
app-editor-by = met { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = ingedrukt
app-editor-released = losgelaten
app-editor-var = var { $v }
app-editor-sound = geluid { $v }
app-editor-bytes = { $code } bytes
app-editor-new-program-undo-brings-the = Nieuw programma: { $title }. Ongedaan maken haalt het oude terug.
app-editor-your-program-is-back-save = Je programma is terug. Bewaar het (💾 Programma bewaren) om het als bestand te houden.
app-editor-opened-the-draft-as-icons = Ontwerp { $name } geopend als pictogrammen.
app-editor-cannot-open-the-draft = Het ontwerp kan niet worden geopend: { $name }:{ $line }: { $message }
app-editor-the-robot-has-no-program = De robot heeft nog geen programma: begin met Nieuw of sleep pictogrammen erin.
app-editor-part-s-robolab-has-no = {" "}{ $generic } deel (delen) waarvoor ROBOLAB geen pictogram heeft, blijven zoals ze zijn (grijze pictogrammen ‘Instructies’): je kunt ze verplaatsen of wissen, niet bewerken.
app-editor-opened-as-icons = { $name } geopend als pictogrammen.{ $more }
app-editor-nothing-to-download-yet-drag = Nog niets om te downloaden: sleep pictogrammen uit het palet naar Taak 0.
app-editor-download-refused = Download geweigerd: { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Download geweigerd: het programma kan niet worden vertaald.
app-editor-downloaded-to-the-old-program = Gedownload naar { $robot }: het oude programma is gestopt. Druk op ▶ Start om het nieuwe te starten.
app-editor-downloaded-to-press-run-to = Gedownload naar { $robot }. Druk op ▶ Start om het te starten.
app-editor-strip = strook { $strip1 }
app-editor-icon = { $strip_title }, pictogram { $i1 } ({ $title })
app-editor-type-a-name-for-the = Typ eerst een naam voor het bestand.
app-editor-it-cannot-compile-yet-save = het kan nog niet worden vertaald ({ $reason }); bewaar het als ontwerp
app-editor-saved = { $display } bewaard.
app-editor-not-saved = Niet bewaard: { $e }
app-editor-task-0-starts-when-you = Taak 0 start als je op Start drukt
app-editor-a-subroutine-a-subroutine-icon = Een subroutine: een Subroutine-pictogram voert haar uit
app-editor-running = loopt
app-editor-waiting = wacht
app-editor-icon-2 = { $title }, pictogram { $i1 }: { $label }
app-files-save-the-recording-as = Opname bewaren als
app-files-export-the-trace-as = Verloop exporteren als
app-files-save-the-screenshot-as = Schermafbeelding bewaren als
app-files-cannot-open-the-recording = De opname kan niet worden geopend: { $e }
app-files-recording-2 = Opname { $display }: { $e }
app-files-opening-the-recording = Opname { $display } wordt geopend…
app-files-scene = Scène: { $e }
app-files-recording-saved-as = Opname bewaard als { $display }.
app-files-cannot-save-the-recording = De opname kan niet worden bewaard: { $e }
app-files-trace-saved-as-rows-s = Verloop bewaard als { $display } ({ $rows } regels, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = Het verloop kan niet worden geëxporteerd: { $e }
app-files-recording-loaded-press-replay-drag = Opname geladen: druk op Herhalen, sleep de tijdlijn of ga vanaf elk moment verder.
app-files-type-a-file-name-to = Typ een bestandsnaam om te bewaren.
app-files-is-a-folder-type-a = { $display } is een map; typ een bestandsnaam.
app-files-screenshot-saved-as = Schermafbeelding bewaard als { $display }.
app-files-screenshot-2 = Schermafbeelding: { $e }
app-files-screenshot-the-picture-was-not = Schermafbeelding: de foto is niet gemaakt.
app-files-cannot-open-the-program = Het programma kan niet worden geopend: { $e }
app-files-cannot-open-the-program-2 = Het programma kan niet worden geopend: { $message }
app-files-cannot-download = { $name } kan niet worden gedownload: { $e }
app-files-cannot-write = { $display } kan niet worden geschreven: { $e }
app-files-the-screenshot-had-a-wrong = de schermafbeelding had een verkeerde grootte
app-files-cannot-encode = { $display } kan niet worden gecodeerd: { $e }
app-program-raw = { $a }: ruw { $codea }
app-shot-the-window-never-produced-a = het venster heeft nooit een beeld geleverd om vast te leggen
app-world-robot-file = Robotbestand: { $e }
app-world-environment-file = Omgevingsbestand: { $e }
app-world-example = Voorbeeld: { $title }
app-world-example-2 = Voorbeeld { $file }: { $err }
app-world-cannot-open-the-draft = Het ontwerp kan niet worden geopend: { $e }
app-world-cannot-open-the-program = Het programma kan niet worden geopend: { $message }
app-world-loaded-icon-s-in-strip = { $name } geladen: { $len ->
        [one] { $len } pictogram
       *[other] { $len } pictogrammen
    } in { $len2 ->
        [one] { $len2 } strook
       *[other] { $len2 } stroken
    }.
app-world-the-last-robot-stays-a = De laatste robot blijft: een wereld heeft er een nodig.
app-world-try-another-robot-robot-menu = { $w } Probeer een andere robot (menu Robot).
app-robot-file-using-m1-instead = Robotbestand: { $e }. In plaats daarvan wordt M1 gebruikt.
app-environment-file-using-e1-instead = Omgevingsbestand: { $e }. In plaats daarvan wordt E1 gebruikt.
app-scene-showing-one-robot-instead = Scène: { $e }. In plaats daarvan wordt één robot getoond.
app-cannot-build-the-world = de wereld kan niet worden gebouwd: { $e }
app-the-world-has-no-robot = de wereld heeft geen robot
app-rcx-link-the-simulator-works = RCX-verbinding: { $e }. De simulator werkt ook zonder.
app-no-program-loaded-yet-open = Nog geen programma geladen: open er een (Bestand > Openen) of kies een voorbeeld.
app-scene-robots-pick-one-under = Scène { $file }: { $len } robots. Kies er een onder Robots om zijn steen te zien; Start start het programma van elke robot.
app-s-program = programma van { $name }
app-downloaded-program = gedownload programma
app-new-program-received-icon-s = Nieuw programma ontvangen: { $len ->
        [one] { $len } pictogram
       *[other] { $len } pictogrammen
    }.
app-program-fault = Programmafout { $f }
msg-language-not-remembered = De taal kon niet worden onthouden voor de volgende keer: { $error }
app-grade-not-in-a-browser = Een klas beoordelen leest een map met programma's en schrijft een map met rapporten, en dat kan een browsertabblad niet: beoordeel in de desktop-app (Bestand > Een klas beoordelen…) of met `lurobotsim grade`. Hier kun je het programma van één leerling openen met Bestand > Openen… en het laten lopen.
app-grade-choose-first = Kies eerst een opdrachtbestand en een programmamap.
app-grade-cannot-use-assignment = De opdracht kan niet worden gebruikt: { $e }
app-grade-programs-folder = Programmamap { $e }
app-grade-cannot-start = Het beoordelen kan niet beginnen: { $e }
app-grade-grading = { $name } wordt beoordeeld: { $runs } runs ({ $pupils } leerlingen), { $jobs } tegelijk, naar { $out }.
app-grade-opened-run = { $id } geopend: { $robot } op { $env }, { $name } geladen (seed { $seed }, realisme { $realism }). { $then }
app-grade-press-the-brick = In dit scenario drukte de beoordeling op de knoppen van de steen: druk er zelf op op de steen.
app-grade-press-run = Druk op Start.
app-share-program-not-opened = Het programma uit de link kon niet worden geopend: { $e }
app-grade-graded = { $runs } runs beoordeeld in { $secs } s ({ $not_ok } niet ok); rapporten in { $out }.
app-grade-graded-with-errors = Beoordeeld, maar { $count ->
        [one] { $count } run kon
       *[other] { $count } runs konden
    } niet worden beoordeeld: { $errors }
app-grade-cancelled = Beoordelen afgebroken na { $done } van { $runs } runs; er is niets naar { $out } geschreven.
app-grade-stopped = Het beoordelen is gestopt: { $out }: { $e }
app-share-link-not-opened = Deze link kon niet worden geopend ({ $e }); de standaardinstellingen worden getoond.

## Challenges

challenge-open-challenge = Uitdaging openen…
challenge-challenges = Uitdagingen
challenge-grade-all-seeds = Alle seeds beoordelen
challenge-close-challenge = Uitdaging sluiten
challenge-this-challenge-cannot-be-opened = Deze uitdaging kan niet worden geopend
challenge-result = Resultaat:
challenge-path-trail = Spoor van de weg
challenge-trail = Spoor
challenge-challenge = Uitdaging: { $name }
challenge-failed-at-s = ✖ { $task } — mislukt op { $v0 } s
challenge-of-points = { $result } { $points } van { $points2 } punten
challenge-all-seeds-of-points-as = Alle seeds: { $points } van { $points2 } punten (zoals het cijfer van de leraar het geeft)
challenge-no-built-in-challenges-in = In deze versie zitten geen uitdagingen.
challenge-open-this-challenge-its-robot = Opent deze uitdaging: haar robot, vloer en start, en wat je moet doen
challenge-this-challenge-needs-files-beside = Deze uitdaging heeft bestanden ernaast nodig (meerdere robots): open haar in de desktop-app
challenge-open-a-challenge-file-toml = Opent een uitdagingsbestand (.toml, zoals een leraar een opdracht schrijft): robot, vloer, start en wat je moet doen
challenge-robot-on-s-seed = Robot { $robot_label } op { $env_label } · { $end_ms } s · seed { $seed }
challenge-open-your-program-file-open = Open je programma (Bestand > Openen) en druk dan op ▶ Start.
challenge-criterion = criterium { $id }
challenge-hide-this-panel-the-robot = Verberg dit paneel; de robot en de vloer blijven
challenge-your-program-could-not-be = Je programma kon niet worden geladen: { $e }
challenge-every-criterion-passed-well-done = Alle criteria gehaald. Goed gedaan!
challenge-show-this-moment-of-the = Toon dit moment van de run
challenge-all-seeds-runs = Alle seeds: { $done } / { $total } runs
challenge-all-seeds = Alle seeds: { $e }
challenge-run-your-program-on-all = Laat je programma op de achtergrond lopen op alle { $seeds } starts die de leraar beoordeelt, en tel op zoals zijn cijfer
challenge-open-your-program-first = Open eerst je programma
challenge-goal = doel
challenge-keep-out = verboden
app-challenge-no-scenario = { $file }: geen scenario { $k }
app-challenge-the-run-has-no-goal = de run heeft geen doel
app-challenge-cannot-open-the-challenge = De uitdaging kan niet worden geopend: { $e }
app-challenge-challenge-on-s-open-your = Uitdaging ‘{ $name }’: { $label_of } op { $label_of2 }, { $v0 } s. Open je programma (Bestand > Openen) en druk op Start.
app-challenge-open-your-program-first-file = Open eerst je programma (Bestand > Openen).
app-challenge-cannot-grade-the-seeds = De seeds kunnen niet worden beoordeeld: { $e }
app-challenge-the-grading-thread-stopped = de beoordelingsthread is gestopt
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } punt
       *[other] { $points } punten
    }
files-open-a-challenge = Een uitdaging openen
files-open-this-challenge = Deze uitdaging openen
main-a-program-is-running-challenge = Er loopt een programma. Alle robots van deze wereld verdwijnen en de robot, de vloer en de start van de uitdaging komen ervoor in de plaats; open daarna je programma ervoor.
main-open-the-challenge = Uitdaging { $name } openen?
toolbar-challenges-tip = Opgaven om met een programma op te lossen: een plek bereiken, een andere mijden, een lijn volgen; elke zegt hoe ze wordt beoordeeld
toolbar-trail-tip = Tekent als oranje lijn op de vloer waar de robot heeft gereden (bleek na het getoonde moment); Stop wist hem
toolbar-trail-short-tip = Tekent als oranje lijn op de vloer waar de robot heeft gereden; Stop wist hem
