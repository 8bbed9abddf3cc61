# lurobotsim — italiano. Le stesse chiavi di en.ftl (un test lo controlla).

test-seconds = { $secs ->
    [one] { $secs } secondo
   *[other] { $secs } secondi
}

## La finestra, la barra di stato e i dialoghi

main-run = ▶ Avvia
main-pause = ⏸ Pausa
main-step-1-ms = Passo di 1 ms
main-step-instruction = Passo: istruzione
main-step-icon = Passo: icona
main-slower = 🐢 Più lento
main-faster = 🐇 Più veloce
main-stop = ⏹ Ferma
main-replay = ⟲ Rivedi
main-resume-from-here = ⏵ Riprendi da qui
main-live = Diretta
main-turn-left-15 = Gira 15° a sin.
main-turn-right-15 = Gira 15° a des.
main-ok = OK
main-cancel = Annulla
main-save-recording = 💾 Salva registrazione…
main-export-trace-as-csv = 💾 Esporta traccia in CSV…
main-save-a-screenshot = 📷 Salva un'istantanea…
main-save = 💾 Salva
main-replace = Sostituisci
main-tile-windows = Finestre affiancate
main-cascade-windows = Finestre a cascata
main-readouts = Letture
main-program-trace = Traccia del programma
main-plots = Grafici
main-the-newest-message-all-of = Il messaggio più recente; li trovi tutti in Vista > Messaggi
main-ready = Pronto.
main-messages-about-files-downloads-and = Qui compaiono i messaggi su file, scaricamenti ed errori del programma
main-this-program-cannot-be-opened = Questo programma non si può aprire
main-this-assignment-cannot-be-used = Questo compito non si può usare
main-line-of = Riga { $line } di { $file }:
main-correct-the-red-line-of = Correggi la riga rossa del file, salvalo e premi di nuovo Inizia (docs/grading.md spiega ogni chiave).
main-check-the-spelling-of-the = Controlla come è scritta l'istruzione sulla riga rossa e i suoi numeri, salva il file e riaprilo.
main-change-the-robot-to = Passare al robot { $r }?
main-change-the-environment-to = Passare all'ambiente { $e }?
main-change-the-realism-to = Passare al realismo { $realism_name }?
main-a-program-is-running-it = Un programma è in funzione. Si fermerà, il programma dell'esempio lo sostituisce e il robot torna alla partenza.
main-a-program-is-running-every = Un programma è in funzione. Tutti i robot di questo mondo se ne vanno e al loro posto arrivano i robot e i programmi della scena.
main-a-program-is-running-every-2 = Un programma è in funzione. Tutti i robot di questo mondo se ne vanno e al loro posto arrivano il robot, il pavimento e il programma della prova.
main-a-program-is-running-it-2 = Un programma è in funzione. Si fermerà e il robot torna alla partenza. Il programma resta.
main-yes-change-it-now = Sì, cambia adesso
main-no-keep-the-program-running = No, lascia andare il programma
main-messages = Messaggi
main-clear = Pulisci
main-forget-all-messages = Dimentica tutti i messaggi
main-open-the-scene = Aprire la scena { $file_name }?
main-open-the-graded-run = Aprire la prova valutata { $gradingas_ref }?
main-load-the-example = Caricare l'esempio «{ $examplesget }»?

## Menu e barra degli strumenti

toolbar-copy-link-to-this-run = 🔗 Copia il link a questa prova
toolbar-file = File
toolbar-open-a-program-robot-environment = 📂 Apri un programma, un robot, un ambiente o una registrazione…
toolbar-open-a-lasm-or-rcx = Apri un programma .lasm o .rcx, un file .toml di robot o di ambiente, o una registrazione .json. Puoi anche trascinare un file sulla finestra.
toolbar-grade-every-pupil-s-program = Valuta in sottofondo il programma di ogni alunno secondo un compito (scenari e criteri), guarda la tabella della classe e apri qui la prova di qualsiasi alunno
toolbar-save-the-run-so-far = Salva la prova fin qui come file da rivedere (.json); aprilo più tardi per guardarla o riprendere da qualsiasi momento. Scegli tu la cartella e il nome.
toolbar-save-time-pose-motor-powers = Salva tempo, posizione, potenza dei motori, valori dei sensori e l'icona in corso (una riga ogni 50 ms) in un file CSV per un foglio di calcolo. Scegli tu la cartella e il nome.
toolbar-take-a-picture-of-the = Fai adesso una foto di tutta la finestra, poi scegli dove salvarla in PNG
toolbar-copy-a-link-that-opens = Copia un link che apre questa prova (robot, pavimento, realismo, batteria, partenza e programma) in un browser. Il programma viaggia dentro il link stesso, senza passare da nessun server.
toolbar-link-copied-characters-paste-it = Link copiato ({ $len } caratteri): incollalo per condividere questa prova.
toolbar-quit = Esci
toolbar-close-the-simulator = Chiudi il simulatore
toolbar-open-programs-export-the-trace = Apri programmi, esporta la traccia, istantanee
toolbar-run = Esecuzione
toolbar-run-pause-step-slow-down = Avvia, metti in pausa, vai passo passo, rallenta e accelera (anche sulla barra)
toolbar-robot = Robot
toolbar-choose-the-robot-model = Scegli il modello di robot
toolbar-environment = Ambiente
toolbar-choose-the-floor-and-walls = Scegli il pavimento e le pareti
toolbar-examples = Esempi
toolbar-ready-made-robolab-programs-one = Programmi ROBOLAB già pronti, a un clic
toolbar-view = Vista
toolbar-n10-cm-grid = Griglia da 10 cm
toolbar-show-a-grid-on-the = Mostra una griglia sul pavimento: linee sottili ogni 10 cm, spesse ogni metro
toolbar-shadows = Ombre
toolbar-soft-shadows-under-the-robot = Ombre morbide sotto il robot e le scatole, così vedi che poggiano sul pavimento
toolbar-follow-the-robot = Segui il robot
toolbar-keep-the-camera-pointed-at = La telecamera resta puntata sul robot mentre si muove
toolbar-second-view-top = Seconda vista (dall'alto)
toolbar-show-a-top-view-beside = Mostra una vista dall'alto accanto alla vista 3D
toolbar-running-icon-above-the-robot = Icona in corso sopra il robot
toolbar-show-the-icon-that-is = Mostra sospesa sopra il robot l'icona che sta andando adesso
toolbar-messages = Messaggi…
toolbar-show-all-messages-errors-downloads = Mostra tutti i messaggi (errori, scaricamenti, guasti)
toolbar-what-the-3d-view-shows = Cosa mostra la vista 3D
toolbar-language = Lingua
toolbar-language-tip = La lingua della finestra; cambia subito, la prova continua e viene ricordata per la prossima volta
toolbar-window = Finestra
toolbar-arrange-the-panes-around-the = Sistema i pannelli intorno alla vista 3D, oppure chiudili e riaprili
toolbar-help = Aiuto
toolbar-what-the-icons-mean-how = Cosa vogliono dire le icone; come avviare, rallentare, andare passo passo e rivedere; collegare ROBOLAB e NQC
toolbar-the-version-of-this-simulator = La versione di questo simulatore
toolbar-how-to-use-the-simulator = Come usare il simulatore
toolbar-stop-the-clock = Ferma l'orologio
toolbar-run-the-program = Avvia il programma
toolbar-space = Spazio
toolbar-dock-the-panes-around-the = Aggancia i pannelli intorno alla vista 3D, uno accanto all'altro
toolbar-float-the-panes-over-the = Fa galleggiare i pannelli come finestre sopra la vista 3D, ognuna un po' più in basso; puoi spostarle, ridimensionarle e chiuderle
toolbar-the-clock-robot-motor-sensor = Le letture di orologio, robot, motori, sensori e programma
toolbar-the-program-s-icons-with = Le icone del programma, con quella in corso illuminata
toolbar-sensor-values-and-motor-power = Valori dei sensori e potenza dei motori nel tempo
toolbar-use-robot = Usa il robot { $name }: { $tip }
toolbar-robot-file = File del robot…
toolbar-use-your-own-robot-description = Usa la tua descrizione del robot (.toml)
toolbar-use-environment = Usa l'ambiente { $name }: { $tip }
toolbar-remove-dropped-boxes = Togli le scatole
toolbar-take-away-the-boxes-you = Togli le scatole che hai messo sul pavimento
toolbar-remove = 🗑 Togli { $name }
toolbar-environment-file = File dell'ambiente…
toolbar-use-your-own-environment-description = Usa la tua descrizione dell'ambiente (.toml)
toolbar-how-real-the-brick-behaves = Quanto il mattoncino si comporta come uno vero: originale = il simulatore del 2007 (ogni task esegue un'istruzione al ms, motori ideali); mattoncino rcx = un RCX vero (circa 300 istruzioni al secondo divise tra tutti i task, potenze come PWM su motori a corrente continua che rallentano sotto carico, freno senza coppia di tenuta). Sceglierne uno riporta il robot alla partenza; il programma resta
toolbar-realism = Realismo: { $realism_name }
toolbar-rcx-brick = mattoncino rcx
toolbar-behave-like-the-2007-simulator = Si comporta come il simulatore del 2007 (predefinito)
toolbar-behave-like-a-real-rcx = Si comporta come un vero mattoncino RCX su un vero tavolo
toolbar-on = { $title }  ({ $robot } su { $env })
toolbar-n2-robots = { $title }  (2 robot)
toolbar-open = 📂 Apri
toolbar-open-a-program-file-lasm = Apri un file di programma (.lasm da ROBOLAB o dall'SDK, .rcx da NQC); puoi anche trascinarlo sulla finestra — Ctrl+O
toolbar-examples-2 = ⭐ Esempi
toolbar-load-a-ready-made-program = Carica un programma già pronto con il robot e il pavimento giusti
toolbar-run-the-program-starts-task = Avvia il programma (fa partire il task 0 se non è in funzione) — barra spaziatrice
toolbar-open-a-program-first-open = Prima apri un programma (📂 Apri, ⭐ Esempi, o scaricane uno da ROBOLAB o NQC)
toolbar-pause-time-stops-you-can = Pausa: il tempo si ferma, ma puoi ancora muovere la telecamera — barra spaziatrice
toolbar-step = ⏭ Passo
toolbar-advance-the-simulation-by-one = Fa avanzare la simulazione di un passo da 1 ms
toolbar-run-until-a-task-has = Va avanti finché un task ha eseguito un'altra istruzione
toolbar-run-until-the-running-icon = Va avanti finché cambia l'icona in corso
toolbar-step-through-the-program-by = Percorri il programma passo passo: un passo, un'istruzione o un'icona
toolbar-stop-put-the-robot-back = Ferma: il robot torna alla partenza; il programma resta
toolbar-slow-down-wait-10-ms = Rallenta: aspetta 10 ms in più dopo ogni passo da 1 ms (fino a 200 ms) e mostra ogni passo; la fisica non cambia
toolbar-speed-up-first-undo-slow = Accelera: prima toglie il rallentatore 10 ms alla volta, poi 0,1×, 0,2×, 0,5×, 1×, 2×, 5×, 10×, 20×, 50× e infine il più veloce possibile
toolbar-robot-2 = Robot { $robot_label }
toolbar-choose-the-robot-asks-first = Scegli il robot (chiede prima se un programma è in funzione)
toolbar-floor = Pavimento { $env_label }
toolbar-choose-the-environment-e1-plain = Scegli l'ambiente: E1 pavimento liscio, E2 pareti, E3 linea nera
toolbar-write-or-change-a-program = Scrivi o cambia un programma con le icone di ROBOLAB (senza ROBOLAB), poi scaricalo nel robot
toolbar-camera-presets-f-front-b = Viste della telecamera: F davanti, B dietro, T sopra, S lato, i iniziale
toolbar-follow = 🎯 Segui
toolbar-keep-the-camera-on-the = La telecamera segue il robot mentre si muove
toolbar-top-view = Vista dall'alto
toolbar-open-a-second-view-from = Apre una seconda vista dall'alto accanto alla vista 3D
toolbar-move-robot = ✋ Sposta robot
toolbar-pick-up-the-robot-drag = Prendi il robot: trascinalo sul pavimento con il tasto sinistro del mouse e lascialo dove deve stare
toolbar-turn-the-robot-15-to = Gira il robot di 15° a sinistra sul posto (Ferma lo rimette rivolto da questa parte)
toolbar-turn-the-robot-15-to-2 = Gira il robot di 15° a destra sul posto
toolbar-grid = Griglia
toolbar-a-grid-on-the-floor = Una griglia sul pavimento: linee sottili ogni 10 cm, spesse ogni metro
toolbar-soft-shadows-under-the-robot-2 = Ombre morbide sotto il robot e le scatole
toolbar-icon-above-robot = Icona sul robot
toolbar-show-the-running-icon-floating = Mostra sospesa sopra il robot l'icona in corso
toolbar-tile = Affianca
toolbar-cascade = Cascata
toolbar-float-the-panes-over-the-2 = Fa galleggiare i pannelli come finestre sopra la vista 3D, ognuna un po' più in basso
toolbar-speed-simulated-seconds-per-real = Velocità: secondi simulati per secondo reale (1× = tempo reale, max = il più veloce che il computer riesce); spostarla toglie il rallentatore
toolbar-slow-ms-step = lento +{ $slow } ms/passo
toolbar-slow-motion-a-pause-after = Rallentatore: una pausa dopo ogni passo da 1 ms, si vede ogni passo; premi Più veloce per toglierlo
toolbar-of = {" "}di { $name }
toolbar-no-tcp = niente TCP
toolbar-pty-ready = {" "}· pty { $display } pronto
toolbar-waiting-for-robolab-or-nqc = in attesa di ROBOLAB o NQC
toolbar-n1-client-connected = 1 client collegato
toolbar-clients-connected = { $n } client collegati
toolbar-link = Collegamento{ $whose }: { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download =
    ROBOLAB e NQC possono scaricare qui i programmi, come su un RCX vero. Ultimi eventi del collegamento:
    {""}
toolbar-copy-sym-txt-settings = copia impostazioni sym.txt
toolbar-copy-the-three-lines-robolab = Copia negli appunti le tre righe che servono al sym.txt di ROBOLAB (SymName, SymAddr, SymPort)
toolbar-sym-txt-settings-copied-paste = Impostazioni di sym.txt copiate: incollale in sym.txt, nella cartella di ROBOLAB.
toolbar-link-off = Collegamento{ $whose } spento
toolbar-the-rcx-link-could-not = Il collegamento RCX non è partito: { $e }. Avvia l'app con --listen INDIRIZZO per usare un'altra porta.
toolbar-link-off-2 = Collegamento spento
toolbar-no-rcx-link-in-this = Nessun collegamento RCX in questa finestra
toolbar-take-away-only-dropped-at = Togli solo { $name } (messa a x { $x } m, z { $z } m); le altre scatole restano
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } non è installato accanto a questo programma
toolbar-original = originale

## Letture, linea del tempo e grafici

readouts-s-of-s = { $what } { $v0 } s di { $live } s
readouts-running-at-real-time = in corsa a { $rtf }× il tempo reale
readouts-starting = Avvio…
readouts-simulated-time-since-the-start = Tempo simulato dalla partenza (passi da 1 ms); al millisecondo in pausa, passo passo o al rallentatore
readouts-running-paused-in-slow-motion = In corsa, in pausa, al rallentatore o mentre mostra un momento passato della prova; il fattore di tempo reale è secondi simulati per secondo reale nell'ultimo secondo
readouts-robot = Robot
readouts-the-robot-model-the-environment = Il modello di robot, l'ambiente e il realismo (originale = il simulatore del 2007, mattoncino rcx = un RCX vero)
readouts-on = { $robot } su { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Centro del mattoncino RCX in metri (x in avanti alla partenza, z verso destra) e la direzione in cui guarda il robot (gradi in senso antiorario visti dall'alto)
readouts-straight-line-distance-from-where = Distanza in linea d'aria da dove è partito il robot e (tra parentesi) la lunghezza del percorso fatto
readouts-motors = Motori
readouts-forward = ▶ avanti
readouts-backward = ◀ indietro
readouts-brake = ⏹ freno
readouts-float = ○ libero
readouts-output = uscita { $name }
readouts-motor-output-on-direction-power = Uscita motore: accesa (verso, livello di potenza 0–7 e percentuale), freno o libera (in folle)
readouts-sensors = Sensori
readouts-ports-1-3 = porte 1–3
readouts-this-robot-has-no-sensors = Questo robot non ha sensori
readouts-no-sensor = nessun sensore
readouts-port = porta { $port1 }
readouts-sensor-type-and-mode-the = Sensore: tipo e modo, il valore che legge il programma e la lettura grezza (0–1023)
readouts-program = Programma
readouts-running-pc = in corsa · pc { $pc }
readouts-waiting-s-pc = in attesa { $v0 } s · pc { $pc }
readouts-waiting-pc = in attesa · pc { $pc }
readouts-stopped-pc = fermo · pc { $pc }
readouts-task = task { $task }
readouts-a-task-of-the-program = Un task del programma: in corsa, in attesa o fermo, e l'indirizzo della sua istruzione
readouts-the-four-rcx-timers-in = I quattro timer dell'RCX, in passi da 100 ms
readouts-variables = Variabili
readouts-all-32-are-0 = tutte e 32 valgono 0
readouts-the-rcx-s-32-global = Le 32 variabili globali dell'RCX (contenitori)
readouts-var = var { $i }
readouts-a-global-variable-robolab-container = Una variabile globale (contenitore ROBOLAB) che non vale 0
readouts-faults = Errori
readouts-the-rcx-stopped-this-task = L'RCX ha fermato questo task per un errore nel programma
readouts-replay-nothing-recorded-yet = Rivedi: ancora niente registrato
readouts-every-run-is-recorded-once = Ogni prova viene registrata; appena è cominciata puoi tornare indietro qui
readouts-play-the-run-again-from = Riproduce la prova dal momento mostrato (dall'inizio se sei alla fine), alla velocità scelta; si ferma al presente
readouts-the-timeline-drag-to-see = La linea del tempo: trascinala per vedere qualsiasi momento della prova
readouts-continue-the-simulation-from-this = Continua la simulazione da questo momento (il resto della registrazione viene scartato)
readouts-leave-the-replay-and-show = Esce dalla revisione e mostra la simulazione com'è adesso
readouts-sensor = sensore { $port1 }
readouts-sensor-values = Valori dei sensori
readouts-what-the-program-reads-from = Cosa legge il programma da ogni sensore nel tempo; le linee sottili segnano dove è cominciata un'icona
readouts-motor-power = Potenza motori (%)
readouts-power-of-outputs-a-b = Potenza delle uscite A, B, C in percentuale: positiva in avanti, negativa indietro, 0 con freno o libera; le linee sottili segnano dove è cominciata un'icona
readouts-robots = Robot
readouts-robot-link = Collegamento del robot
readouts-add-robot = Aggiungi robot
readouts-put-another-robot-of-this = Mette un altro robot di questo modello accanto agli altri, con il suo RCX e la sua porta di collegamento (tutto ricomincia da 0 s)
readouts-remove-robot = Togli robot
readouts-take-the-chosen-robot-out = Toglie dal mondo il robot scelto (tutto ricomincia da 0 s; gli altri robot tengono i loro programmi)
readouts-no-link = nessun collegamento
readouts-replaying = rivedo
readouts-showing = mostro
readouts-slow-motion-ms-after-each = rallentatore: +{ $slow_delay_ms } ms dopo ogni passo da 1 ms
readouts-paused = in pausa
readouts-raw = { $name } · { $info }: { $value }   grezzo { $raw }
readouts-robot-its-rcx-listens-on = Robot { $k1 }: { $name } ({ $model }). Il suo RCX ascolta su { $link } (NQC, ROBOLAB o nqc -S…). ▶ il suo programma è in corsa, ⏹ non ne va nessuno. Clicca per vedere il suo mattoncino, le letture, il programma e i grafici; il menu Robot e File > Apri agiscono allora su di lui.

## La traccia del programma

trace-var = var { $rest }
trace-var-2 =
    var { $v } { $op }
    { $value }
trace-var-3 = var { $c }
trace-port = porta { $sp }
trace-pwr = pot { $pw }
trace-task = task { $t }
trace-hz = { $f } Hz
trace-program = Programma
trace-no-program-yet = Ancora nessun programma.
trace-open-a-lasm-or-rcx = Apri un file .lasm o .rcx, trascinane uno sulla finestra, scegli un esempio o scaricalo da ROBOLAB o NQC.
trace-program-2 = Programma: { $name }
trace-the-icons-of-the-program = Le icone del programma; quella in corso è illuminata
trace-no-icons-recognised-in-this = Nessuna icona riconosciuta in questo programma.
trace-subroutine = Subroutine { $s }
trace-task-2 = Task { $task }
trace-hide-the-lasm-lines = Nascondi le righe LASM
trace-icon = icona { $label }: { $title }
trace-running = in corsa
trace-waiting = in attesa
trace-stopped = fermo
trace-click-to-see-its-lasm =
    { $label } — { $title }
    { $params }
    Clicca per vedere le sue righe LASM.

## Il mattoncino

brick-brick-on-off = Mattoncino On-Off
brick-brick-run = Mattoncino Run
brick-brick-prgm = Mattoncino Prgm
brick-brick-view = Mattoncino View
brick-lcd-off = Display spento
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off: spegne il mattoncino (i programmi si fermano, le uscite sono libere, il display si svuota; programmi e variabili restano) o lo riaccende (l'orologio riparte da 00.00)
brick-run-start-the-selected-program = Run: avvia il programma scelto (il suo task 0) o lo ferma se è in corsa
brick-prgm-stop-the-program-and = Prgm: ferma il programma e sceglie il posto di programma successivo (1-5)
brick-view-show-the-next-of = View: mostra sul display la voce successiva tra orologio, sensori 1-3 e uscite A-C
brick-the-brick-s-speaker-is = L'altoparlante del mattoncino qui è muto: { $why }. `run --audio FILE.wav` scrive il suo suono in un file.
brick-the-brick-s-beeps-and = I bip e i toni del mattoncino dall'altoparlante di questo computer, al ritmo del tempo simulato: più lenti al rallentatore, muti in pausa e in avanti veloce (sopra 2,5x)
brick-mute-speaker = Togli l'audio
brick-unmute-speaker = Rimetti l'audio
brick-lcd-program = Display { $text } · programma { $program } · { $view } · { $state }
brick-the-rcx-s-display-the =
    { $line }
    Il display dell'RCX: l'orologio (ore.minuti dall'accensione), il valore di un sensore, la potenza di un'uscita o il numero del programma; a destra il posto 1-5; l'omino cammina mentre un programma è in corsa
brick-off = spento
brick-running = in corsa
brick-stopped = fermo

## La vista 3D

view3d-remove = 🗑 Togli { $name }
view3d-take-away-this-box-the = Togli questa scatola; le altre restano
view3d-n3d-view-no-graphics-adapter = Vista 3D (nessuna scheda grafica)
view3d-top-view = Vista dall'alto
view3d-drag-the-robot-to-where = Trascina il robot dove deve stare
view3d-drag-turn-right-drag-move = trascina: ruota · tasto destro: sposta · rotella: zoom · tasti: frecce, F1–F4
view3d-box = Scatola
view3d-drag-this-box-onto-the = Trascina questa scatola sul pavimento per mettere un ostacolo sulla strada del robot
view3d-drag-me = trascinami
view3d-replay = {"  "}(revisione)
view3d-slow-ms-step = {"  "}lento +{ $slow_delay_ms } ms/passo
view3d-real-time = {"  "}{ $realtime_factor }× tempo reale
view3d-paused = {"  "}in pausa

## La finestra dei file

files-use-this-folder = ✔ Usa questa cartella
files-open-a-file = Apri un file
files-choose-the-assignment = Scegli il compito
files-choose-the-programs-folder = Scegli la cartella dei programmi
files-choose-the-output-folder = Scegli la cartella dei risultati
files-up = ⬆ Su
files-go-to-the-folder-above = Vai alla cartella superiore
files-choose-the-folder-shown-above = Scegli la cartella mostrata in alto
files-no-programs-robots-or-environments = Qui non ci sono programmi, robot o ambienti.
files-no-toml-files-here = Qui non ci sono file .toml.
files-no-folders-here = Qui non ci sono cartelle.
files-open-this-folder = Apri questa cartella
files-use-this-assignment-file = Usa questo file di compito
files-open-this-file-a-lasm = Apri questo file: un programma .lasm/.rcx, un .toml di robot/ambiente o una registrazione .json
files-or-type-a-path = o scrivi un percorso
files-a-file-path-absolute-or = Un percorso di file, assoluto o relativo alla cartella in alto; Invio lo apre
files-open = Apri
files-choose = Scegli
files-open-the-typed-path = Apri il percorso scritto
files-does-not-exist = { $display } non esiste.
files-already-exists-replace-it = { $display } esiste già. Sostituirlo?
files-overwrite-the-existing-file = Sovrascrivi il file che c'è già
files-keep-the-existing-file-and = Tieni il file che c'è già e scegli un altro nome
files-save-into-this-folder = Salva in questa cartella
files-name = Nome:
files-save-under-this-name-in = Salva con questo nome nella cartella in alto
files-close-without-saving = Chiudi senza salvare
files-name-tip = Il nome del file (.{ $ext } viene aggiunto se non scrivi l'estensione); un percorso viene preso così com'è

## La finestra Valuta

grade-grade-a-class = Valuta una classe…
grade-grade-a-class-2 = Valuta una classe
grade-choose-the-assignment = 📂 Scegli il compito…
grade-choose-the-programs-folder = 📂 Scegli la cartella dei programmi…
grade-choose-the-output-folder = 📂 Scegli la cartella dei risultati…
grade-assignment-file = File del compito
grade-programs-folder = Cartella dei programmi
grade-output-folder = Cartella dei risultati
grade-start-grading = ▶ Inizia a valutare
grade-copy-the-report-s-path = Copia il percorso del resoconto
grade-cancel-grading = ⏹ Annulla la valutazione
grade-open = Apri { $run }
grade-the-assignment-toml-its-scenarios = Il compito (.toml): i suoi scenari e criteri (docs/grading.md)
grade-one-program-per-pupil-alice = Un programma per alunno: anna.rcx, bruno.lasm, carla.nqc, o una cartella per alunno con un programma
grade-where-runs-jsonl-grades-csv = Dove vanno runs.jsonl, grades.csv, junit.xml, i file di Gradescope e report.html (una cartella «graded» accanto al compito se non ne scegli una)
grade-run-every-pupil-s-program = Esegue il programma di ogni alunno in ogni scenario del compito, in sottofondo; intanto il simulatore continua a funzionare
grade-stop-after-the-runs-being = Si ferma dopo le prove che si stanno simulando adesso; non viene scritto nessun resoconto
grade-choose-an-assignment-and-the = Scegli un compito e i programmi degli alunni, poi Inizia.
grade-runs-not-ok = { $done } / { $total } prove · { $not_ok } non ok
grade-about-s-left = {" "}· mancano circa { $left } s
grade-report = Resoconto:
grade-open-it-in-a-browser = Aprilo in un browser; grades.csv, junit.xml, runs.jsonl e gradescope/ sono lì accanto
grade-copy-the-report-s-path-2 = Copia il percorso del resoconto per incollarlo in un browser o in un gestore di file
grade-grading-stopped = La valutazione si è fermata: { $e }
grade-click-a-pupil-to-see = Clicca su un alunno per vedere le sue prove.
grade-pupil = Alunno
grade-points = Punti
grade-points-in-this-scenario-the = Punti in questo scenario (la media sui suoi semi)
grade-status = Stato
grade-show-this-pupil-s-runs = Mostra le prove e i criteri di questo alunno
grade-open-this-run-in-the = Apre questa prova nella vista principale: robot, pavimento e partenza dello scenario, il programma di questo alunno, il seme e il realismo della prova; poi premi Avvia o Rivedi
grade-pass = ✔ superato
grade-fail = ✖ non superato
grade-simulations-at-once-a-run = { $jobs } simulazioni alla volta; una prova non è ok se il suo programma non si è caricato o non si è potuto valutare
grade-graded-runs-in-s = { $total } prove valutate in { $took_s } s.{ $is_empty }
grade-cancelled-after-of-runs-no = Annullato dopo { $done } prove su { $total }: non è stato scritto nessun resoconto.
grade-of = di
grade-of-points = { $student }: { $points } punti su { $points2 } · { $status }
grade-of-points-2 = { $points } punti su { $points2 } ·
grade-skipped = saltato

## L'editor dei programmi

editor-program-editor = ✏ Editor dei programmi
editor-edit-program = ✏ Modifica programma
editor-download = ⬇ Scarica
editor-run-program = ▶ Avvia programma
editor-stop-program = ⏹ Ferma programma
editor-undo = ⟲ Annulla
editor-redo = ⟳ Ripeti
editor-new = 📄 Nuovo
editor-save-program = 💾 Salva programma
editor-edit-the-robot-s-program = 📥 Modifica il programma del robot
editor-delete-icon = 🗑 Elimina icona
editor-task = + Task
editor-subroutine = + Subroutine
editor-restore-it = Recuperalo
editor-replace-the-file = Sostituisci il file
editor-keep-the-file = Tieni il file
editor-discard-it = Buttalo
editor-close-without-saving = Chiudi senza salvare
editor-keep-editing = Continua a modificare
editor-start-a-new-program-empty = Comincia un programma nuovo: vuoto o da un inizio già pronto che puoi cambiare (Annulla riporta quello vecchio)
editor-take-back-the-last-change = Annulla l'ultima modifica — Ctrl+Z
editor-do-again-what-undo-took = Rifà quello che Annulla ha tolto — Ctrl+Y
editor-stop-the-robot-and-put = Ferma il robot e lo rimette alla sua partenza (il programma resta)
editor-run-the-program-the-robot = Avvia il programma che ha il robot (il ▶ Avvia della barra)
editor-download-a-program-first = Prima scarica un programma
editor-save-the-program-as-a = Salva il programma in un file: .rcx o .lasm quando è finito, oppure una bozza (il formato dell'editor) quando non lo è
editor-open-the-program-the-robot = Apre qui come icone il programma che il robot ha adesso (un file, un esempio o uno scaricato da ROBOLAB o NQC)
editor-the-robot-has-no-program = Il robot non ha ancora un programma
editor-exists-already = { $name } esiste già.
editor-write-over-it = Sovrascrivilo
editor-leave-it-choose-another-name = Lascialo; scegli un altro nome in 💾 Salva programma
editor-the-robot-still-runs-the = Il robot esegue ancora il programma com'era quando l'hai scaricato l'ultima volta. Le tue modifiche valgono dal prossimo ⬇ Scarica.
editor-folder = Cartella: { $display }
editor-name = Nome:
editor-it-comes-with-its-partner = {" "}Arriva con le sue icone compagne (un ciclo con la sua fine, un bivio con la sua unione, un salto con il suo atterraggio).
editor-add-a-strip-for-a = Aggiunge una striscia per una subroutine (la chiama un'icona Subroutine in un task)
editor-strip = Striscia { $title }
editor-drag-icons-from-the-palette = Trascina qui le icone dalla tavolozza
editor-click-to-set-its-modifiers =
    {""}
    Clicca per impostare i suoi modificatori; trascinala per spostarla, o sulla tavolozza per eliminarla.
editor-click-an-icon-to-set = Clicca su un'icona per impostare i suoi modificatori (porta, potenza, secondi, …). Tab passa da un'icona all'altra, Invio modifica, Canc elimina.
editor-click-an-icon-to-set-2 = Clicca su un'icona per impostare i suoi modificatori.
editor-take-this-icon-out-of = Togli questa icona dal programma — Canc
editor-modifiers-of = Modificatori di { $title }
editor-this-icon-has-no-modifiers = Questa icona non ha modificatori.
editor-port = Porta { $port }
editor-the-motor-outputs-this-icon = Le uscite motore che questa icona comanda (una o più tra A, B, C)
editor-to = { $title }: da { $min } a { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = Il codice RCX in cui diventa ogni icona, come lo scrive ROBOLAB; la riga in corso è illuminata
editor-this-program-cannot-compile-yet = Questo programma non si può ancora compilare; sistema le icone segnate con ⚠:
editor-each-icon-s-code-appears = Qui compare il codice di ogni icona.
editor-restore-your-program = Recuperare il tuo programma?
editor-open-it-in-the-program = Aprilo nell'editor dei programmi
editor-forget-it-and-start-with = Dimenticalo e comincia con un programma vuoto
editor-your-program-is-not-saved = Il tuo programma non è salvato
editor-the-program-editor-has-changes = L'editor dei programmi ha modifiche che non hai salvato in un file. Salva prima (💾 Salva programma nell'editor) o chiudi senza salvare.
editor-close-the-simulator-the-program = Chiudi il simulatore; il programma va perso
editor-send-this-program-to-the = Manda questo programma al robot ({ $editor_target }), come fa lo scaricamento di ROBOLAB; poi premi ▶ Avvia
editor-drag-it-into-a-strip =
    { $title }
    Trascinala in una striscia, o clicca per aggiungerla dopo l'icona scelta.{ $more }
editor-touch = tocco
editor-light = luce
editor-to-seconds = { $title }: da { $v0 } a { $v02 } secondi
editor-the-program-editor-was-not = L'editor dei programmi non è stato chiuso bene l'ultima volta. Il suo programma è stato salvato: { $summary }.
editor-name-tip = Il nome del file; l'estensione viene aggiunta da sola
editor-add-task-tip = Aggiunge una striscia per un altro task (la fa partire un'icona Dividi task o Avvia task)
editor-2nd = 2°

## Aiuto e Informazioni

help-how-to-use-the-simulator = Come usare il simulatore
help-about-lurobotsim = Informazioni su lurobotsim
help-turns-a-motor-on-forwards = Accende un motore in avanti. La lettera dice quale porta: A, B o C.
help-turns-a-motor-on-backwards = Accende un motore all'indietro.
help-stops-a-motor-at-once = Ferma subito un motore (freno).
help-lets-a-motor-run-freely = Lascia girare libero un motore finché si ferma da solo.
help-waits-for-some-seconds-the = Aspetta qualche secondo; il conto alla rovescia compare sull'icona.
help-waits-until-the-touch-sensor = Aspetta finché il sensore di contatto viene premuto.
help-waits-until-the-touch-sensor-2 = Aspetta finché il sensore di contatto viene rilasciato.
help-waits-until-the-light-sensor = Aspetta finché il sensore di luce vede scuro (sotto un numero).
help-waits-until-the-light-sensor-2 = Aspetta finché il sensore di luce vede chiaro (sopra un numero).
help-waits-until-the-light-sensor-3 = Aspetta finché il sensore di luce vede più scuro di adesso.
help-waits-until-the-light-sensor-4 = Aspetta finché il sensore di luce vede più chiaro di adesso.
help-waits-until-a-wheel-has = Aspetta finché una ruota ha girato abbastanza.
help-goes-one-way-if-the = Va da una parte se il sensore di contatto è premuto, dall'altra se no.
help-goes-one-way-if-the-2 = Va da una parte se il sensore di luce vede chiaro, dall'altra se vede scuro.
help-where-the-two-ways-of = Dove le due strade di un bivio si riuniscono.
help-jumps-to-the-land-icon = Salta all'icona Atterra dello stesso colore.
help-where-a-jump-arrives = Dove arriva un Salto.
help-start-of-a-part-that = Inizio di una parte che si ripete.
help-end-of-the-repeated-part = Fine della parte ripetuta: torna all'icona Ciclo.
help-starts-a-second-line-of = Fa partire una seconda fila di icone che va nello stesso momento.
help-plays-one-of-the-rcx = Suona uno dei suoni dell'RCX.
help-plays-a-note = Suona una nota.
help-sets-or-changes-a-number = Mette o cambia un numero che il programma ricorda (un contenitore).
help-sets-a-timer-back-to = Rimette un timer a zero.
help-tells-the-rcx-which-sensor = Dice all'RCX quale sensore c'è su una porta.
help-starts-another-task = Avvia un altro task.
help-stops-a-task = Ferma un task.
help-runs-a-group-of-icons = Esegue un gruppo di icone tenuto altrove, poi torna.
help-instructions-that-are-not-one = Istruzioni che non sono nessuna delle icone di ROBOLAB.
help-n1-get-a-program = 1. Prendi un programma
help-examples-gives-ready-made-programs = ⭐ Esempi ti dà programmi già pronti con il robot e il pavimento giusti.
help-open-ctrl-o-opens-a = 📂 Apri (Ctrl+O) apre un file .lasm o .rcx; puoi anche trascinare un file sulla finestra.
help-or-download-from-robolab-or = Oppure scarica da ROBOLAB o NQC, come su un RCX vero (vedi sotto).
help-or-write-your-own-with = Oppure scrivi il tuo con ✏ Modifica programma: trascina le icone di ROBOLAB dalla tavolozza alla striscia, clicca su un'icona per impostare porte, potenza o secondi, poi ⬇ Scarica e ▶ Avvia programma. Annulla (Ctrl+Z) toglie qualsiasi modifica; il tuo programma si salva da solo.
help-n2-run-it = 2. Avvialo
help-run-starts-the-program-pause = ▶ Avvia fa partire il programma. ⏸ Pausa ferma l'orologio; ▶ Avvia riprende da lì. La barra spaziatrice fa tutte e due le cose.
help-stop-puts-the-robot-back = ⏹ Ferma rimette il robot dove è partito; il programma e le tue scatole restano.
help-on-the-right-the-program = A destra, le icone del programma: quella in corso è illuminata di giallo. Clicca su un'icona per vedere le sue istruzioni.
help-n3-watch-it-slowly = 3. Guardalo piano
help-slower-every-click-waits-10 = 🐢 Più lento: ogni clic aspetta 10 ms in più dopo ogni passo da 1 ms (fino a 200 ms), così puoi seguire ogni icona. 🐇 Più veloce lo toglie e poi va più in fretta.
help-the-speed-slider-0-1 = Il cursore della velocità: 0,1× è dieci volte più lento della realtà, 1× è il tempo reale, max è il più veloce che il computer riesce.
help-step-one-millisecond-one-instruction = ⏭ Passo: un millisecondo, un'istruzione o finché si accende l'icona successiva. L'orologio mostra allora i millisecondi.
help-n4-look-back = 4. Guarda indietro
help-drag-the-timeline-under-the = Trascina la linea del tempo sotto la vista 3D per vedere qualsiasi momento passato.
help-replay-plays-the-run-again = ⟲ Rivedi riproduce la prova da lì; ⏵ Riprendi da qui continua da quel momento; Diretta torna al presente.
help-n5-change-the-world = 5. Cambia il mondo
help-pick-another-robot-m1-m5 = Scegli un altro robot (M1–M5) o un altro pavimento (E1–E3) sulla barra. Trascina la Scatola rossa sul pavimento per mettere un ostacolo sulla strada; il menu Ambiente toglie di nuovo le scatole, tutte o una, e con il clic destro su una scatola puoi togliere solo quella. Realismo: originale si comporta come il simulatore del 2007, mattoncino rcx come un RCX vero (firmware più lento, motori che rallentano sotto carico).
help-move-robot-drag-the-robot = ✋ Sposta robot: trascina il robot in un posto nuovo; i pulsanti Gira cambiano dove guarda.
help-the-rcx-itself = L'RCX stesso
help-at-the-top-of-the = In cima alle letture, il mattoncino giallo: il suo display mostra l'orologio (ore.minuti dall'accensione), il valore di un sensore, la potenza di un'uscita o il numero del programma, il posto di programma 1-5 a destra e un omino che cammina mentre un programma è in corsa.
help-click-its-buttons-as-on = Premi i suoi pulsanti come su un mattoncino vero: View mostra il sensore o il motore successivo, Prgm sceglie il posto di programma successivo, Run avvia o ferma il programma scelto, On-Off spegne e riaccende il mattoncino (i programmi restano).
help-its-beeps-and-tunes-play = I suoi bip e le sue melodie escono dall'altoparlante di questo computer, più lenti al rallentatore e muti in pausa; Togli l'audio li spegne.
help-connecting-robolab = Collegare ROBOLAB
help-press-copy-sym-txt-settings = Premi «copia impostazioni sym.txt» nella barra di stato e incolla le righe nel file sym.txt della cartella di ROBOLAB.
help-in-robolab-choose-the-simulator = In ROBOLAB scegli il simulatore (LegoSim) come porta, poi premi la freccia bianca: il programma compare qui e parte.
help-connecting-nqc = Collegare NQC
help-nqc-4-x-downloads-straight = NQC 4.x scarica direttamente via TCP: nqc -TRCX2 -Stcp:localhost:4266 -d programma.nqc -run
help-older-nqc-speaks-only-to = Gli NQC più vecchi parlano solo con una porta seriale: avvia il simulatore con --pty /tmp/rcx, poi nqc -TRCX2 -S/tmp/rcx -d programma.nqc
help-on-windows-there-is-no = Su Windows non c'è lo pseudo-terminale (--pty): usa NQC 4.x via TCP come sopra.
help-or-compile-nqc-trcx2-oprogram = Oppure compila: nqc -TRCX2 -Oprogramma.rcx programma.nqc, e apri qui programma.rcx.
help-mouse-and-keys = Mouse e tasti
help-left-drag-turns-the-camera = Trascinare con il tasto sinistro ruota la telecamera, la rotella fa lo zoom, trascinare con il destro la sposta. I pulsanti di vista F, B, T, S, i saltano a una vista.
help-arrows-move-the-camera-f1 = Le frecce muovono la telecamera, F1/F2 la abbassano/alzano, F3/F4 la girano. Spazio: avvia o pausa. Ctrl+O: apri un file.
help-what-the-icons-mean = Cosa vogliono dire le icone
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = Un simulatore per i programmi LEGO MINDSTORMS RCX: prova programmi ROBOLAB e NQC su robot virtuali e guarda ogni icona illuminarsi mentre va.
help-a-rust-port-of-lurobotsim = Una versione in Rust di LURobotSim.

## Esempi, robot e pavimenti

example-motor-2s = Motore per 2 secondi
example-motor-2s-tip = Tutti e due i motori avanti per 2 secondi, poi stop (robot M4, pavimento liscio E1). Il robot vero ha fatto 1,05 m.
example-touch = Tocca la parete
example-touch-tip = Va avanti finché il sensore di contatto tocca la parete, si ferma 1 s, torna indietro 2 s (robot M2, pavimento con parete E2)
example-line-follower = Segui-linea
example-line-follower-tip = Va fino alla linea nera, poi ne segue il bordo con il sensore di luce (robot M5, pavimento con linea E3)
example-wait-for-darker = Aspetta più scuro
example-wait-for-darker-tip = Va avanti finché il pavimento diventa più scuro che alla partenza (robot M5, pavimento con linea E3); il simulatore originale non riusciva a farlo
example-task-split = Dividi task
example-task-split-tip = Due task insieme: uno guida, l'altro suona (robot M3, pavimento liscio E1)
scene-ir-master-slave = IR: capo e aiutante
scene-ir-master-slave-tip = Due M4: il capo manda «avanti», «indietro», «stop» con gli infrarossi ogni due secondi; l'aiutante obbedisce (scena: due robot, ognuno con il suo RCX)
scene-ir-elect = IR: eleggere un capo
scene-ir-elect-tip = Due M4 eseguono lo stesso programma: ognuno aspetta un tempo a caso e reclama il comando con gli infrarossi; un mattoncino che sente prima una richiesta segue l'altro. Il capo va avanti per un secondo (scena: due robot)
robot-m1 = Un motore (A), una ruota anteriore motrice, nessun sensore
robot-m2 = M1 con un sensore di contatto davanti (porta 1)
robot-m3 = Due motori (A, C) e una ruotina libera dietro
robot-m4 = Due motori (A, C) e quattro ruote
robot-m5 = M3 con un sensore di luce rivolto al pavimento (porta 1)
env-e1 = Un pavimento piatto e vuoto
env-e2 = Un pavimento con una parete tutto intorno (per il sensore di contatto)
env-e3 = Un pavimento bianco con una linea nera a quadrato (per il sensore di luce)

## Nomi che il nucleo tiene in inglese (icone come in ROBOLAB)

icon-motor-forward = Motore avanti
icon-motor-backward = Motore indietro
icon-stop-motor = Ferma motore
icon-float-motor = Motore libero
icon-wait-for-time = Aspetta tempo
icon-wait-for-push = Aspetta pressione
icon-wait-for-let-go = Aspetta rilascio
icon-wait-for-dark = Aspetta scuro
icon-wait-for-light = Aspetta chiaro
icon-wait-for-darker = Aspetta più scuro
icon-wait-for-lighter = Aspetta più chiaro
icon-wait-for-rotation = Aspetta rotazione
icon-touch-sensor-fork = Bivio contatto
icon-light-sensor-fork = Bivio luce
icon-fork-merge = Unione
icon-jump = Salta
icon-land = Atterra
icon-loop = Ciclo
icon-end-of-loop = Fine ciclo
icon-task-split = Dividi task
icon-play-sound = Suona suono
icon-play-tone = Suona nota
icon-container = Contenitore
icon-reset-timer = Azzera timer
icon-sensor-setup = Imposta sensore
icon-start-task = Avvia task
icon-stop-task = Ferma task
icon-subroutine = Subroutine
icon-instructions = Istruzioni
group-outputs = Uscite
group-wait-for = Aspetta
group-structures = Strutture
group-sensors-and-timers = Sensori e timer
group-tasks-and-subroutines = Task e subroutine
group-sounds-and-tones = Suoni e note
group-containers = Contenitori
group-other = Altro
param-ports = Porte
param-power-level = Potenza
param-seconds = Secondi
param-sensor-port = Porta del sensore
param-threshold = Soglia
param-change = Variazione
param-count = Volte
param-until = Fino a
param-frequency-hz = Frequenza (Hz)
param-duration-s = Durata (s)
param-sound = Suono
param-container = Contenitore
param-operation = Operazione
param-value = Valore
param-task = Task
param-subroutine = Subroutine
param-timer = Timer
param-label = Etichetta
icon-loop-a-number-of-times = Ciclo un numero di volte
icon-loop-forever = Ciclo infinito
icon-loop-until-touch = Ciclo fino al contatto
icon-loop-until-light = Ciclo fino alla luce
icon-second-branch = Secondo ramo
choice-released = rilasciato
choice-pressed = premuto
choice-light = chiaro
choice-dark = scuro
choice-fill = metti
choice-add = somma
choice-subtract = sottrai
choice-multiply = moltiplica
choice-divide = dividi
choice-click = clic
choice-double-beep = doppio bip
choice-sweep-down = glissato in giù
choice-sweep-up = glissato in su
choice-error-buzz = ronzio di errore
choice-fast-sweep-up = glissato veloce in su

## Messaggi ed errori dell'app

app-audio-the-brick-s-speaker-is = L'altoparlante del mattoncino è muto: { $why }
app-audio-the-sound-output-stopped = l'uscita audio si è fermata
app-audio-cannot-start-the-sound-thread = impossibile avviare il thread audio: { $e }
app-audio-sound-output-is-built-for = l'uscita audio c'è solo su Linux e Windows (usa `run --audio FILE.wav`)
app-audio-this-browser-has-no-web = questo browser non ha Web Audio ({ $e })
app-audio-libasound-has-no = libasound non ha { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = la libreria audio ALSA (libasound.so.2) non è installata
app-audio-no-sound-card = nessuna scheda audio
app-audio-no-sound-device = nessun dispositivo audio
app-audio-the-sound-device-refused-16 = il dispositivo audio rifiuta il mono a 16 bit a 44,1 kHz
app-audio-the-sound-device-refused-16-2 = il dispositivo audio rifiuta il mono a 16 bit a 44,1 kHz (errore waveOutOpen { $r })
app-connection-robolab-transfer-complete-running-task = { $who }Trasferimento da ROBOLAB finito: il task 0 è in corsa.
app-connection-the-host-started-task = { $who }Il computer ha avviato il task { $task }.
app-connection-connected = { $who }{ $peer } collegato.
app-connection-link = { $who }Collegamento: { $e }
app-connection-rcx-link-of-robot-it = Collegamento RCX del robot { $k1 }: { $e }. Funziona anche senza.
app-connection-no-link = nessun collegamento: { $e }
app-connection-port = porta { $port }
app-editor-empty-program = Programma vuoto
app-editor-one-motor-for-a-time = Un motore per un po'
app-editor-two-motors-then-wait = Due motori, poi aspetta
app-editor-line-follower-skeleton = Segui-linea (scheletro)
app-editor-task-0-with-no-icons = Task 0 senza icone: trascina le icone dalla tavolozza
app-editor-motor-a-forward-wait-2 = Motore A avanti, aspetta 2 s, ferma A (ROBOLAB Pilot 1)
app-editor-motors-a-and-c-forward = Motori A e C avanti, aspetta 2 s, fermali tutti e due (ROBOLAB Pilot 2); per i robot M3–M5
app-editor-drive-until-the-light-sensor = Va avanti finché il sensore di luce sulla porta 1 vede la linea nera, poi ne segue il bordo per sempre: sul nero gira con C, sul chiaro torna con A (robot M5, pavimento E3)
app-editor-save-as-rcx-finished-program = Salva come .rcx (programma finito)
app-editor-save-as-lasm-finished-program = Salva come .lasm (programma finito)
app-editor-save-as-a-draft-icons = Salva come bozza (.icons, può essere incompleta)
app-editor-the-program-as-a-brick = Il programma come immagine del mattoncino: va qui (File > Apri, run --program), negli strumenti di NQC e su un RCX vero
app-editor-the-program-as-robolab-s = Il programma come testo LASM di ROBOLAB: si può leggere e va qui e nell'SDK
app-editor-the-icons-as-the-editor = Le icone nel piccolo formato di testo dell'editor: tiene un programma che non si compila ancora (un bivio senza la sua unione); riaprilo qui
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } icona
       *[other] { $icons } icone
    } in { $len ->
        [one] { $len } striscia
       *[other] { $len } strisce
    }
app-editor-the-autosaved-program-could-not = Non è stato possibile leggere il programma salvato in automatico (riga { $line }: { $message }).
app-editor-autosave-failed = Salvataggio automatico non riuscito: { $e }
app-editor-kept-as-it-is-it = { $label } (resta com'è: si può spostare o eliminare, non modificare)
app-editor-task = Task { $t }
app-editor-subroutine = Subroutine { $s }
app-editor-pwr = pot { $v }
app-editor-by = di { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = premuto
app-editor-released = rilasciato
app-editor-var = var { $v }
app-editor-sound = suono { $v }
app-editor-bytes = { $code } byte
app-editor-new-program-undo-brings-the = Programma nuovo: { $title }. Annulla riporta quello vecchio.
app-editor-your-program-is-back-save = Il tuo programma è tornato. Salvalo (💾 Salva programma) per tenerlo in un file.
app-editor-opened-the-draft-as-icons = Bozza { $name } aperta come icone.
app-editor-cannot-open-the-draft = Impossibile aprire la bozza { $name }:{ $line }: { $message }
app-editor-the-robot-has-no-program = Il robot non ha ancora un programma: comincia con Nuovo o trascina delle icone.
app-editor-part-s-robolab-has-no = {" "}{ $generic } parte/i senza icona in ROBOLAB restano come sono (icone grigie «Istruzioni»): puoi spostarle o eliminarle, non modificarle.
app-editor-opened-as-icons = { $name } aperto come icone.{ $more }
app-editor-nothing-to-download-yet-drag = Ancora niente da scaricare: trascina le icone dalla tavolozza nel Task 0.
app-editor-download-refused = Scaricamento rifiutato: { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Scaricamento rifiutato: il programma non si compila.
app-editor-downloaded-to-the-old-program = Scaricato su { $robot }: il programma vecchio si è fermato. Premi ▶ Avvia per far partire quello nuovo.
app-editor-downloaded-to-press-run-to = Scaricato su { $robot }. Premi ▶ Avvia per farlo partire.
app-editor-strip = striscia { $strip1 }
app-editor-icon = { $strip_title }, icona { $i1 } ({ $title })
app-editor-type-a-name-for-the = Prima scrivi un nome per il file.
app-editor-it-cannot-compile-yet-save = non si compila ancora ({ $reason }); salvalo invece come bozza
app-editor-saved = { $display } salvato.
app-editor-not-saved = Non salvato: { $e }
app-editor-task-0-starts-when-you = Il task 0 parte quando premi Avvia
app-editor-a-subroutine-a-subroutine-icon = Una subroutine: la esegue un'icona Subroutine
app-editor-running = in corsa
app-editor-waiting = in attesa
app-editor-icon-2 = { $title }, icona { $i1 }: { $label }
app-files-save-the-recording-as = Salva la registrazione come
app-files-export-the-trace-as = Esporta la traccia come
app-files-save-the-screenshot-as = Salva l'istantanea come
app-files-cannot-open-the-recording = Impossibile aprire la registrazione: { $e }
app-files-recording-2 = Registrazione { $display }: { $e }
app-files-opening-the-recording = Apro la registrazione { $display }…
app-files-scene = Scena: { $e }
app-files-recording-saved-as = Registrazione salvata come { $display }.
app-files-cannot-save-the-recording = Impossibile salvare la registrazione: { $e }
app-files-trace-saved-as-rows-s = Traccia salvata come { $display } ({ $rows } righe, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = Impossibile esportare la traccia: { $e }
app-files-recording-loaded-press-replay-drag = Registrazione caricata: premi Rivedi, trascina la linea del tempo o riprendi da qualsiasi momento.
app-files-type-a-file-name-to = Scrivi un nome di file per salvare.
app-files-is-a-folder-type-a = { $display } è una cartella; scrivi un nome di file.
app-files-screenshot-saved-as = Istantanea salvata come { $display }.
app-files-screenshot-2 = Istantanea: { $e }
app-files-screenshot-the-picture-was-not = Istantanea: la foto non è stata fatta.
app-files-cannot-open-the-program = Impossibile aprire il programma: { $e }
app-files-cannot-open-the-program-2 = Impossibile aprire il programma: { $message }
app-files-cannot-download = impossibile scaricare { $name }: { $e }
app-files-cannot-write = impossibile scrivere { $display }: { $e }
app-files-the-screenshot-had-a-wrong = l'istantanea aveva la misura sbagliata
app-files-cannot-encode = impossibile codificare { $display }: { $e }
app-program-raw = { $a }: grezzo { $codea }
app-shot-the-window-never-produced-a = la finestra non ha mai dato un'immagine da catturare
app-world-robot-file = File del robot: { $e }
app-world-environment-file = File dell'ambiente: { $e }
app-world-example = Esempio: { $title }
app-world-example-2 = Esempio { $file }: { $err }
app-world-cannot-open-the-draft = Impossibile aprire la bozza: { $e }
app-world-cannot-open-the-program = Impossibile aprire il programma: { $message }
app-world-loaded-icon-s-in-strip = { $name } caricato: { $len ->
        [one] { $len } icona
       *[other] { $len } icone
    } in { $len2 ->
        [one] { $len2 } striscia
       *[other] { $len2 } strisce
    }.
app-world-the-last-robot-stays-a = L'ultimo robot resta: un mondo ne ha bisogno di uno.
app-world-try-another-robot-robot-menu = { $w } Prova un altro robot (menu Robot).
app-robot-file-using-m1-instead = File del robot: { $e }. Al suo posto si usa M1.
app-environment-file-using-e1-instead = File dell'ambiente: { $e }. Al suo posto si usa E1.
app-scene-showing-one-robot-instead = Scena: { $e }. Al suo posto si mostra un solo robot.
app-cannot-build-the-world = impossibile costruire il mondo: { $e }
app-the-world-has-no-robot = il mondo non ha robot
app-rcx-link-the-simulator-works = Collegamento RCX: { $e }. Il simulatore funziona anche senza.
app-no-program-loaded-yet-open = Ancora nessun programma caricato: aprine uno (File > Apri) o scegli un esempio.
app-scene-robots-pick-one-under = Scena { $file }: { $len } robot. Scegline uno in Robot per vedere il suo mattoncino; Avvia fa partire il programma di ogni robot.
app-s-program = programma di { $name }
app-downloaded-program = programma scaricato
app-new-program-received-icon-s = Nuovo programma ricevuto: { $len ->
        [one] { $len } icona
       *[other] { $len } icone
    }.
app-program-fault = Errore del programma { $f }
msg-language-not-remembered = Non è stato possibile ricordare la lingua per la prossima volta: { $error }
app-grade-not-in-a-browser = Valutare una classe legge una cartella di programmi e scrive una cartella di resoconti, e una scheda del browser non può farlo: valuta nell'app per computer (File > Valuta una classe…) o con `lurobotsim grade`. Qui apri il programma di un alunno con File > Apri… e avvialo.
app-grade-choose-first = Prima scegli un file di compito e una cartella di programmi.
app-grade-cannot-use-assignment = Impossibile usare il compito: { $e }
app-grade-programs-folder = Cartella dei programmi { $e }
app-grade-cannot-start = Impossibile iniziare a valutare: { $e }
app-grade-grading = Valuto { $name }: { $runs } prove ({ $pupils } alunni), { $jobs } alla volta, in { $out }.
app-grade-opened-run = { $id } aperta: { $robot } su { $env }, { $name } caricato (seme { $seed }, realismo { $realism }). { $then }
app-grade-press-the-brick = In questo scenario il valutatore ha premuto i pulsanti del mattoncino: premili sul mattoncino.
app-grade-press-run = Premi Avvia.
app-share-program-not-opened = Non è stato possibile aprire il programma del link: { $e }
app-grade-graded = { $runs } prove valutate in { $secs } s ({ $not_ok } non ok); resoconti in { $out }.
app-grade-graded-with-errors = Valutato, ma { $count ->
        [one] { $count } prova non si è potuta valutare
       *[other] { $count } prove non si sono potute valutare
    }: { $errors }
app-grade-cancelled = Valutazione annullata dopo { $done } prove su { $runs }; in { $out } non è stato scritto niente.
app-grade-stopped = La valutazione si è fermata: { $out }: { $e }
app-share-link-not-opened = Non è stato possibile aprire questo link ({ $e }); si mostrano le impostazioni predefinite.

## Challenges

challenge-open-challenge = Apri sfida…
challenge-challenges = Sfide
challenge-grade-all-seeds = Valuta tutti i semi
challenge-close-challenge = Chiudi sfida
challenge-this-challenge-cannot-be-opened = Questa sfida non si può aprire
challenge-result = Risultato:
challenge-path-trail = Scia del percorso
challenge-trail = Scia
challenge-challenge = Sfida: { $name }
challenge-failed-at-s = ✖ { $task } — fallito a { $v0 } s
challenge-of-points = { $result } { $points } punti su { $points2 }
challenge-all-seeds-of-points-as = Tutti i semi: { $points } punti su { $points2 } (come li dà il voto dell'insegnante)
challenge-no-built-in-challenges-in = In questa versione non ci sono sfide incluse.
challenge-open-this-challenge-its-robot = Apre questa sfida: il suo robot, il pavimento, la partenza e cosa bisogna fare
challenge-this-challenge-needs-files-beside = Questa sfida ha bisogno di file accanto (più robot): aprila nell'app per computer
challenge-open-a-challenge-file-toml = Apre un file di sfida (.toml, come un insegnante scrive un compito): robot, pavimento, partenza e cosa bisogna fare
challenge-robot-on-s-seed = Robot { $robot_label } su { $env_label } · { $end_ms } s · seme { $seed }
challenge-open-your-program-file-open = Apri il tuo programma (File > Apri), poi premi ▶ Avvia.
challenge-criterion = criterio { $id }
challenge-hide-this-panel-the-robot = Nascondi questo pannello; il robot e il pavimento restano
challenge-your-program-could-not-be = Non è stato possibile caricare il tuo programma: { $e }
challenge-every-criterion-passed-well-done = Hai superato tutti i criteri. Bravo!
challenge-show-this-moment-of-the = Mostra questo momento della prova
challenge-all-seeds-runs = Tutti i semi: { $done } / { $total } prove
challenge-all-seeds = Tutti i semi: { $e }
challenge-run-your-program-on-all = Esegue in sottofondo il tuo programma su tutte le { $seeds } partenze che valuta l'insegnante e fa il totale come il suo voto
challenge-open-your-program-first = Prima apri il tuo programma
challenge-goal = traguardo
challenge-keep-out = vietato
app-challenge-no-scenario = { $file }: nessuno scenario { $k }
app-challenge-the-run-has-no-goal = la prova non ha un obiettivo
app-challenge-cannot-open-the-challenge = Impossibile aprire la sfida: { $e }
app-challenge-challenge-on-s-open-your = Sfida «{ $name }»: { $label_of } su { $label_of2 }, { $v0 } s. Apri il tuo programma (File > Apri) e premi Avvia.
app-challenge-open-your-program-first-file = Prima apri il tuo programma (File > Apri).
app-challenge-cannot-grade-the-seeds = Impossibile valutare i semi: { $e }
app-challenge-the-grading-thread-stopped = il thread di valutazione si è fermato
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } punto
       *[other] { $points } punti
    }
files-open-a-challenge = Apri una sfida
files-open-this-challenge = Apri questa sfida
main-a-program-is-running-challenge = Un programma è in funzione. Tutti i robot di questo mondo se ne vanno e al loro posto arrivano il robot, il pavimento e la partenza della sfida; poi apri il tuo programma per la sfida.
main-open-the-challenge = Aprire la sfida { $name }?
toolbar-challenges-tip = Compiti da risolvere con un programma: raggiungere un posto, evitarne un altro, seguire una linea; ognuno dice come viene valutato
toolbar-trail-tip = Disegna sul pavimento una linea arancione dove è passato il robot (chiara dopo il momento mostrato); Ferma la cancella
toolbar-trail-short-tip = Disegna sul pavimento una linea arancione dove è passato il robot; Ferma la cancella
