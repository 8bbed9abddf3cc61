# lurobotsim — français. Les mêmes clés que en.ftl (un test le vérifie).

test-seconds = { $secs ->
    [one] { $secs } seconde
   *[other] { $secs } secondes
}

## La fenêtre, la barre d'état et les dialogues

main-run = ▶ Lancer
main-pause = ⏸ Pause
main-step-1-ms = Pas de 1 ms
main-step-instruction = Pas : instruction
main-step-icon = Pas : icône
main-slower = 🐢 Plus lent
main-faster = 🐇 Plus vite
main-stop = ⏹ Arrêter
main-replay = ⟲ Rejouer
main-resume-from-here = ⏵ Reprendre d'ici
main-live = Direct
main-turn-left-15 = 15° à gauche
main-turn-right-15 = 15° à droite
main-ok = OK
main-cancel = Annuler
main-save-recording = 💾 Enregistrer l'enregistrement…
main-export-trace-as-csv = 💾 Exporter la trace en CSV…
main-save-a-screenshot = 📷 Enregistrer une capture…
main-save = 💾 Enregistrer
main-replace = Remplacer
main-tile-windows = Fenêtres en mosaïque
main-cascade-windows = Fenêtres en cascade
main-readouts = Mesures
main-program-trace = Trace du programme
main-plots = Courbes
main-the-newest-message-all-of = Le message le plus récent ; tous sont dans Affichage > Messages
main-ready = Prêt.
main-messages-about-files-downloads-and = Les messages sur les fichiers, les téléchargements et les erreurs du programme s'affichent ici
main-this-program-cannot-be-opened = Ce programme ne peut pas être ouvert
main-this-assignment-cannot-be-used = Ce devoir ne peut pas être utilisé
main-line-of = Ligne { $line } de { $file } :
main-correct-the-red-line-of = Corrige la ligne rouge du fichier, enregistre-le et appuie de nouveau sur Commencer (docs/grading.md décrit chaque clé).
main-check-the-spelling-of-the = Vérifie l'orthographe de l'instruction sur la ligne rouge et ses nombres, enregistre le fichier et rouvre-le.
main-change-the-robot-to = Passer au robot { $r } ?
main-change-the-environment-to = Passer à l'environnement { $e } ?
main-change-the-realism-to = Passer au réalisme { $realism_name } ?
main-a-program-is-running-it = Un programme tourne. Il va s'arrêter, le programme de l'exemple le remplace et le robot retourne au départ.
main-a-program-is-running-every = Un programme tourne. Tous les robots de ce monde partent et les robots et programmes de la scène prennent leur place.
main-a-program-is-running-every-2 = Un programme tourne. Tous les robots de ce monde partent et le robot, le sol et le programme de l'exécution prennent leur place.
main-a-program-is-running-it-2 = Un programme tourne. Il va s'arrêter et le robot retourne au départ. Le programme est gardé.
main-yes-change-it-now = Oui, changer maintenant
main-no-keep-the-program-running = Non, laisser tourner le programme
main-messages = Messages
main-clear = Effacer
main-forget-all-messages = Oublier tous les messages
main-open-the-scene = Ouvrir la scène { $file_name } ?
main-open-the-graded-run = Ouvrir l'exécution notée { $gradingas_ref } ?
main-load-the-example = Charger l'exemple « { $examplesget } » ?

## Menus et barre d'outils

toolbar-copy-link-to-this-run = 🔗 Copier le lien de cette exécution
toolbar-file = Fichier
toolbar-open-a-program-robot-environment = 📂 Ouvrir un programme, un robot, un environnement ou un enregistrement…
toolbar-open-a-lasm-or-rcx = Ouvre un programme .lasm ou .rcx, un fichier .toml de robot ou d'environnement, ou un enregistrement .json. Tu peux aussi déposer un fichier sur la fenêtre.
toolbar-grade-every-pupil-s-program = Note en arrière-plan le programme de chaque élève selon un devoir (scénarios et critères), regarde le tableau de la classe et ouvre ici l'exécution de n'importe quel élève
toolbar-save-the-run-so-far = Enregistre l'exécution jusqu'ici comme fichier de relecture (.json) ; ouvre-le plus tard pour la regarder ou reprendre à n'importe quel moment. Tu choisis le dossier et le nom.
toolbar-save-time-pose-motor-powers = Enregistre le temps, la position, la puissance des moteurs, les valeurs des capteurs et l'icône en cours (une ligne toutes les 50 ms) dans un fichier CSV pour un tableur. Tu choisis le dossier et le nom.
toolbar-take-a-picture-of-the = Prends une photo de toute la fenêtre maintenant, puis choisis où l'enregistrer en PNG
toolbar-copy-a-link-that-opens = Copie un lien qui ouvre cette exécution (robot, sol, réalisme, pile, départ et programme) dans un navigateur. Le programme voyage dans le lien lui-même, sans passer par un serveur.
toolbar-link-copied-characters-paste-it = Lien copié ({ $len } caractères) : colle-le pour partager cette exécution.
toolbar-quit = Quitter
toolbar-close-the-simulator = Fermer le simulateur
toolbar-open-programs-export-the-trace = Ouvrir des programmes, exporter la trace, captures
toolbar-run = Exécution
toolbar-run-pause-step-slow-down = Lancer, mettre en pause, avancer pas à pas, ralentir et accélérer (aussi dans la barre d'outils)
toolbar-robot = Robot
toolbar-choose-the-robot-model = Choisis le modèle de robot
toolbar-environment = Environnement
toolbar-choose-the-floor-and-walls = Choisis le sol et les murs
toolbar-examples = Exemples
toolbar-ready-made-robolab-programs-one = Des programmes ROBOLAB tout prêts, à un clic
toolbar-view = Affichage
toolbar-n10-cm-grid = Quadrillage de 10 cm
toolbar-show-a-grid-on-the = Affiche un quadrillage au sol : lignes fines tous les 10 cm, épaisses tous les mètres
toolbar-shadows = Ombres
toolbar-soft-shadows-under-the-robot = Des ombres douces sous le robot et les boîtes, pour voir qu'ils sont posés au sol
toolbar-follow-the-robot = Suivre le robot
toolbar-keep-the-camera-pointed-at = La caméra reste tournée vers le robot pendant qu'il roule
toolbar-second-view-top = Deuxième vue (de dessus)
toolbar-show-a-top-view-beside = Affiche une vue de dessus à côté de la vue 3D
toolbar-running-icon-above-the-robot = Icône en cours au-dessus du robot
toolbar-show-the-icon-that-is = Affiche l'icône en cours flottant au-dessus du robot
toolbar-messages = Messages…
toolbar-show-all-messages-errors-downloads = Affiche tous les messages (erreurs, téléchargements, fautes)
toolbar-what-the-3d-view-shows = Ce que montre la vue 3D
toolbar-language = Langue
toolbar-language-tip = La langue de la fenêtre ; elle change tout de suite, l'exécution continue et elle est gardée pour la prochaine fois
toolbar-window = Fenêtre
toolbar-arrange-the-panes-around-the = Dispose les panneaux autour de la vue 3D, ou ferme-les et rouvre-les
toolbar-help = Aide
toolbar-what-the-icons-mean-how = Ce que veulent dire les icônes ; comment lancer, ralentir, avancer pas à pas et rejouer ; connecter ROBOLAB et NQC
toolbar-the-version-of-this-simulator = La version de ce simulateur
toolbar-how-to-use-the-simulator = Comment utiliser le simulateur
toolbar-stop-the-clock = Arrêter l'horloge
toolbar-run-the-program = Lancer le programme
toolbar-space = Espace
toolbar-dock-the-panes-around-the = Range les panneaux autour de la vue 3D, côte à côte
toolbar-float-the-panes-over-the = Fait flotter les panneaux comme des fenêtres sur la vue 3D, chacune un peu plus bas ; tu peux les déplacer, les redimensionner et les fermer
toolbar-the-clock-robot-motor-sensor = Les mesures de l'horloge, du robot, des moteurs, des capteurs et du programme
toolbar-the-program-s-icons-with = Les icônes du programme, celle en cours est allumée
toolbar-sensor-values-and-motor-power = Valeurs des capteurs et puissance des moteurs au fil du temps
toolbar-use-robot = Utiliser le robot { $name } : { $tip }
toolbar-robot-file = Fichier de robot…
toolbar-use-your-own-robot-description = Utilise ta propre description de robot (.toml)
toolbar-use-environment = Utiliser l'environnement { $name } : { $tip }
toolbar-remove-dropped-boxes = Enlever les boîtes
toolbar-take-away-the-boxes-you = Enlève les boîtes que tu as posées au sol
toolbar-remove = 🗑 Enlever { $name }
toolbar-environment-file = Fichier d'environnement…
toolbar-use-your-own-environment-description = Utilise ta propre description d'environnement (.toml)
toolbar-how-real-the-brick-behaves = À quel point la brique se comporte comme une vraie : original = le simulateur de 2007 (chaque tâche exécute une instruction par ms, moteurs parfaits) ; brique rcx = un vrai RCX (environ 300 instructions par seconde partagées entre toutes les tâches, niveaux de puissance en PWM sur des moteurs à courant continu qui ralentissent sous la charge, frein sans couple de maintien). En choisir un remet le robot à son départ ; le programme est gardé
toolbar-realism = Réalisme : { $realism_name }
toolbar-rcx-brick = brique rcx
toolbar-behave-like-the-2007-simulator = Se comporte comme le simulateur de 2007 (par défaut)
toolbar-behave-like-a-real-rcx = Se comporte comme une vraie brique RCX sur une vraie table
toolbar-on = { $title }  ({ $robot } sur { $env })
toolbar-n2-robots = { $title }  (2 robots)
toolbar-open = 📂 Ouvrir
toolbar-open-a-program-file-lasm = Ouvre un fichier de programme (.lasm de ROBOLAB ou du SDK, .rcx de NQC) ; tu peux aussi le déposer sur la fenêtre — Ctrl+O
toolbar-examples-2 = ⭐ Exemples
toolbar-load-a-ready-made-program = Charge un programme tout prêt avec le bon robot et le bon sol
toolbar-run-the-program-starts-task = Lance le programme (démarre la tâche 0 si elle ne tourne pas) — barre d'espace
toolbar-open-a-program-first-open = Ouvre d'abord un programme (📂 Ouvrir, ⭐ Exemples, ou télécharge-en un depuis ROBOLAB ou NQC)
toolbar-pause-time-stops-you-can = Pause : le temps s'arrête, tu peux encore bouger la caméra — barre d'espace
toolbar-step = ⏭ Pas
toolbar-advance-the-simulation-by-one = Avance la simulation d'un pas de 1 ms
toolbar-run-until-a-task-has = Avance jusqu'à ce qu'une tâche ait exécuté une instruction de plus
toolbar-run-until-the-running-icon = Avance jusqu'à ce que l'icône en cours change
toolbar-step-through-the-program-by = Parcourt le programme pas à pas : d'un pas, d'une instruction ou d'une icône
toolbar-stop-put-the-robot-back = Arrêter : le robot revient au départ ; le programme est gardé
toolbar-slow-down-wait-10-ms = Ralentir : attendre 10 ms de plus après chaque pas de 1 ms (jusqu'à 200 ms) et montrer chaque pas ; la physique ne change pas
toolbar-speed-up-first-undo-slow = Accélérer : d'abord enlever le ralenti de 10 ms en 10 ms, puis 0,1×, 0,2×, 0,5×, 1×, 2×, 5×, 10×, 20×, 50×, puis aussi vite que possible
toolbar-robot-2 = Robot { $robot_label }
toolbar-choose-the-robot-asks-first = Choisis le robot (demande d'abord si un programme tourne)
toolbar-floor = Sol { $env_label }
toolbar-choose-the-environment-e1-plain = Choisis l'environnement : E1 sol uni, E2 murs, E3 ligne noire
toolbar-write-or-change-a-program = Écris ou modifie un programme avec les icônes de ROBOLAB (sans ROBOLAB), puis télécharge-le dans le robot
toolbar-camera-presets-f-front-b = Vues de la caméra : F face, B arrière, T dessus, S côté, i initiale
toolbar-follow = 🎯 Suivre
toolbar-keep-the-camera-on-the = La caméra suit le robot pendant qu'il roule
toolbar-top-view = Vue de dessus
toolbar-open-a-second-view-from = Ouvre une deuxième vue de dessus à côté de la vue 3D
toolbar-move-robot = ✋ Déplacer
toolbar-pick-up-the-robot-drag = Prends le robot : fais-le glisser sur le sol avec le bouton gauche de la souris et lâche-le là où il doit être
toolbar-turn-the-robot-15-to = Tourne le robot de 15° vers la gauche sur place (Arrêter le remet tourné de ce côté)
toolbar-turn-the-robot-15-to-2 = Tourne le robot de 15° vers la droite sur place
toolbar-grid = Quadrillage
toolbar-a-grid-on-the-floor = Un quadrillage au sol : lignes fines tous les 10 cm, épaisses tous les mètres
toolbar-soft-shadows-under-the-robot-2 = Des ombres douces sous le robot et les boîtes
toolbar-icon-above-robot = Icône au-dessus
toolbar-show-the-running-icon-floating = Affiche l'icône en cours flottant au-dessus du robot
toolbar-tile = Mosaïque
toolbar-cascade = Cascade
toolbar-float-the-panes-over-the-2 = Fait flotter les panneaux comme des fenêtres sur la vue 3D, chacune un peu plus bas
toolbar-speed-simulated-seconds-per-real = Vitesse : secondes simulées par seconde réelle (1× = temps réel, max = aussi vite que l'ordinateur peut) ; la bouger arrête le ralenti
toolbar-slow-ms-step = lent +{ $slow } ms/pas
toolbar-slow-motion-a-pause-after = Ralenti : une pause après chaque pas de 1 ms, chaque pas est montré ; appuie sur Plus vite pour l'enlever
toolbar-of = {" "}de { $name }
toolbar-no-tcp = pas de TCP
toolbar-pty-ready = {" "}· pty { $display } prêt
toolbar-waiting-for-robolab-or-nqc = attend ROBOLAB ou NQC
toolbar-n1-client-connected = 1 client connecté
toolbar-clients-connected = { $n } clients connectés
toolbar-link = Liaison{ $whose } : { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download =
    ROBOLAB et NQC peuvent télécharger des programmes ici, comme vers un vrai RCX. Derniers événements de la liaison :
    {""}
toolbar-copy-sym-txt-settings = copier les réglages sym.txt
toolbar-copy-the-three-lines-robolab = Copie dans le presse-papiers les trois lignes dont le sym.txt de ROBOLAB a besoin (SymName, SymAddr, SymPort)
toolbar-sym-txt-settings-copied-paste = Réglages sym.txt copiés : colle-les dans sym.txt, dans le dossier de ROBOLAB.
toolbar-link-off = Liaison{ $whose } coupée
toolbar-the-rcx-link-could-not = La liaison RCX n'a pas pu démarrer : { $e }. Lance l'application avec --listen ADRESSE pour utiliser un autre port.
toolbar-link-off-2 = Liaison coupée
toolbar-no-rcx-link-in-this = Pas de liaison RCX dans cette fenêtre
toolbar-take-away-only-dropped-at = Enlève seulement { $name } (posée en x { $x } m, z { $z } m) ; les autres boîtes restent
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } n'est pas installé à côté de ce programme
toolbar-original = original

## Mesures, ligne du temps et courbes

readouts-s-of-s = { $what } { $v0 } s sur { $live } s
readouts-running-at-real-time = tourne à { $rtf }× le temps réel
readouts-starting = Démarrage…
readouts-simulated-time-since-the-start = Temps simulé depuis le départ (pas de 1 ms) ; affiché à la milliseconde en pause, pas à pas ou au ralenti
readouts-running-paused-in-slow-motion = En marche, en pause, au ralenti ou montrant un moment passé de l'exécution ; le facteur de temps réel est le nombre de secondes simulées par seconde réelle sur la dernière seconde
readouts-robot = Robot
readouts-the-robot-model-the-environment = Le modèle de robot, l'environnement et le réalisme (original = le simulateur de 2007, brique rcx = un vrai RCX)
readouts-on = { $robot } sur { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Centre de la brique RCX en mètres (x vers l'avant au départ, z vers la droite) et la direction du robot (degrés dans le sens inverse des aiguilles d'une montre, vu de dessus)
readouts-straight-line-distance-from-where = Distance en ligne droite depuis le point de départ du robot et (entre parenthèses) la longueur du chemin parcouru
readouts-motors = Moteurs
readouts-forward = ▶ avant
readouts-backward = ◀ arrière
readouts-brake = ⏹ frein
readouts-float = ○ roue libre
readouts-output = sortie { $name }
readouts-motor-output-on-direction-power = Sortie moteur : en marche (sens, niveau de puissance 0–7 et pourcentage), frein ou roue libre
readouts-sensors = Capteurs
readouts-ports-1-3 = ports 1–3
readouts-this-robot-has-no-sensors = Ce robot n'a pas de capteur
readouts-no-sensor = pas de capteur
readouts-port = port { $port1 }
readouts-sensor-type-and-mode-the = Capteur : type et mode, la valeur que lit le programme et la mesure brute (0–1023)
readouts-program = Programme
readouts-running-pc = en marche · pc { $pc }
readouts-waiting-s-pc = attend { $v0 } s · pc { $pc }
readouts-waiting-pc = attend · pc { $pc }
readouts-stopped-pc = arrêtée · pc { $pc }
readouts-task = tâche { $task }
readouts-a-task-of-the-program = Une tâche du programme : en marche, en attente ou arrêtée, et l'adresse de son instruction
readouts-the-four-rcx-timers-in = Les quatre minuteurs du RCX, en pas de 100 ms
readouts-variables = Variables
readouts-all-32-are-0 = les 32 valent 0
readouts-the-rcx-s-32-global = Les 32 variables globales du RCX (conteneurs)
readouts-var = var { $i }
readouts-a-global-variable-robolab-container = Une variable globale (conteneur ROBOLAB) qui ne vaut pas 0
readouts-faults = Erreurs
readouts-the-rcx-stopped-this-task = Le RCX a arrêté cette tâche à cause d'une erreur dans le programme
readouts-replay-nothing-recorded-yet = Relecture : rien n'est encore enregistré
readouts-every-run-is-recorded-once = Chaque exécution est enregistrée ; dès qu'elle a commencé, tu peux revenir en arrière ici
readouts-play-the-run-again-from = Rejoue l'exécution à partir du moment affiché (depuis le début si tu es à la fin), à la vitesse choisie ; elle s'arrête au présent
readouts-the-timeline-drag-to-see = La ligne du temps : fais-la glisser pour voir n'importe quel moment de l'exécution
readouts-continue-the-simulation-from-this = Continue la simulation à partir de ce moment (la suite de l'enregistrement est abandonnée)
readouts-leave-the-replay-and-show = Quitte la relecture et montre la simulation telle qu'elle est maintenant
readouts-sensor = capteur { $port1 }
readouts-sensor-values = Valeurs des capteurs
readouts-what-the-program-reads-from = Ce que le programme lit sur chaque capteur au fil du temps ; des traits fins marquent le début d'une icône
readouts-motor-power = Puissance moteurs (%)
readouts-power-of-outputs-a-b = Puissance des sorties A, B, C en pourcentage : positive en avant, négative en arrière, 0 au frein ou en roue libre ; des traits fins marquent le début d'une icône
readouts-robots = Robots
readouts-robot-link = Liaison du robot
readouts-add-robot = Ajouter un robot
readouts-put-another-robot-of-this = Place un autre robot de ce modèle à côté des autres, avec son propre RCX et son propre port de liaison (tout recommence à 0 s)
readouts-remove-robot = Enlever le robot
readouts-take-the-chosen-robot-out = Retire du monde le robot choisi (tout recommence à 0 s ; les autres robots gardent leur programme)
readouts-no-link = pas de liaison
readouts-replaying = relecture
readouts-showing = affichage
readouts-slow-motion-ms-after-each = ralenti : +{ $slow_delay_ms } ms après chaque pas de 1 ms
readouts-paused = en pause
readouts-raw = { $name } · { $info } : { $value }   brut { $raw }
readouts-robot-its-rcx-listens-on = Robot { $k1 } : { $name } ({ $model }). Son RCX écoute sur { $link } (NQC, ROBOLAB ou nqc -S…). ▶ son programme tourne, ⏹ aucun ne tourne. Clique pour voir sa brique, ses mesures, son programme et ses courbes ; le menu Robot et Fichier > Ouvrir agissent alors sur lui.

## La trace du programme

trace-var = var { $rest }
trace-var-2 =
    var { $v } { $op }
    { $value }
trace-var-3 = var { $c }
trace-port = port { $sp }
trace-pwr = puiss { $pw }
trace-task = tâche { $t }
trace-hz = { $f } Hz
trace-program = Programme
trace-no-program-yet = Pas encore de programme.
trace-open-a-lasm-or-rcx = Ouvre un fichier .lasm ou .rcx, dépose-en un sur la fenêtre, choisis un exemple ou télécharge depuis ROBOLAB ou NQC.
trace-program-2 = Programme : { $name }
trace-the-icons-of-the-program = Les icônes du programme ; celle en cours est allumée
trace-no-icons-recognised-in-this = Aucune icône reconnue dans ce programme.
trace-subroutine = Sous-programme { $s }
trace-task-2 = Tâche { $task }
trace-hide-the-lasm-lines = Cacher les lignes LASM
trace-icon = icône { $label } : { $title }
trace-running = en marche
trace-waiting = en attente
trace-stopped = arrêtée
trace-click-to-see-its-lasm =
    { $label } — { $title }
    { $params }
    Clique pour voir ses lignes LASM.

## La brique

brick-brick-on-off = Brique On-Off
brick-brick-run = Brique Run
brick-brick-prgm = Brique Prgm
brick-brick-view = Brique View
brick-lcd-off = Écran éteint
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off : éteint la brique (les programmes s'arrêtent, les sorties sont libres, l'écran s'efface ; programmes et variables sont gardés) ou la rallume (l'horloge repart de 00.00)
brick-run-start-the-selected-program = Run : lance le programme choisi (sa tâche 0) ou l'arrête s'il tourne
brick-prgm-stop-the-program-and = Prgm : arrête le programme et choisit l'emplacement de programme suivant (1-5)
brick-view-show-the-next-of = View : affiche l'élément suivant parmi l'horloge, les capteurs 1-3 et les sorties A-C
brick-the-brick-s-speaker-is = Le haut-parleur de la brique est muet ici : { $why }. `run --audio FICHIER.wav` écrit son son dans un fichier.
brick-the-brick-s-beeps-and = Les bips et les sons de la brique dans le haut-parleur de cet ordinateur, au rythme du temps simulé : plus lents au ralenti, muets en pause et en avance rapide (au-dessus de 2,5x)
brick-mute-speaker = Couper le son
brick-unmute-speaker = Remettre le son
brick-lcd-program = Écran { $text } · programme { $program } · { $view } · { $state }
brick-the-rcx-s-display-the =
    { $line }
    L'écran du RCX : l'horloge (heures.minutes depuis l'allumage), la valeur d'un capteur, la puissance d'une sortie ou le numéro du programme ; à droite l'emplacement 1-5 ; le bonhomme marche quand un programme tourne
brick-off = éteint
brick-running = en marche
brick-stopped = arrêté

## La vue 3D

view3d-remove = 🗑 Enlever { $name }
view3d-take-away-this-box-the = Enlève cette boîte ; les autres restent
view3d-n3d-view-no-graphics-adapter = Vue 3D (pas de carte graphique)
view3d-top-view = Vue de dessus
view3d-drag-the-robot-to-where = Fais glisser le robot là où il doit être
view3d-drag-turn-right-drag-move = glisser : tourner · clic droit : déplacer · molette : zoom · touches : flèches, F1–F4
view3d-box = Boîte
view3d-drag-this-box-onto-the = Fais glisser cette boîte sur le sol pour mettre un obstacle sur le chemin du robot
view3d-drag-me = fais-moi glisser
view3d-replay = {"  "}(relecture)
view3d-slow-ms-step = {"  "}lent +{ $slow_delay_ms } ms/pas
view3d-real-time = {"  "}{ $realtime_factor }× le temps réel
view3d-paused = {"  "}en pause

## La fenêtre des fichiers

files-use-this-folder = ✔ Utiliser ce dossier
files-open-a-file = Ouvrir un fichier
files-choose-the-assignment = Choisir le devoir
files-choose-the-programs-folder = Choisir le dossier des programmes
files-choose-the-output-folder = Choisir le dossier des résultats
files-up = ⬆ Monter
files-go-to-the-folder-above = Aller au dossier parent
files-choose-the-folder-shown-above = Choisir le dossier affiché en haut
files-no-programs-robots-or-environments = Pas de programme, de robot ni d'environnement ici.
files-no-toml-files-here = Pas de fichier .toml ici.
files-no-folders-here = Pas de dossier ici.
files-open-this-folder = Ouvrir ce dossier
files-use-this-assignment-file = Utiliser ce fichier de devoir
files-open-this-file-a-lasm = Ouvrir ce fichier : un programme .lasm/.rcx, un .toml de robot/environnement ou un enregistrement .json
files-or-type-a-path = ou tape un chemin
files-a-file-path-absolute-or = Un chemin de fichier, absolu ou relatif au dossier du haut ; Entrée l'ouvre
files-open = Ouvrir
files-choose = Choisir
files-open-the-typed-path = Ouvrir le chemin tapé
files-does-not-exist = { $display } n'existe pas.
files-already-exists-replace-it = { $display } existe déjà. Le remplacer ?
files-overwrite-the-existing-file = Écraser le fichier existant
files-keep-the-existing-file-and = Garder le fichier existant et choisir un autre nom
files-save-into-this-folder = Enregistrer dans ce dossier
files-name = Nom :
files-save-under-this-name-in = Enregistrer sous ce nom dans le dossier du haut
files-close-without-saving = Fermer sans enregistrer
files-name-tip = Le nom du fichier (.{ $ext } est ajouté si tu n'écris pas l'extension) ; un chemin est pris tel quel

## La fenêtre Noter

grade-grade-a-class = Noter une classe…
grade-grade-a-class-2 = Noter une classe
grade-choose-the-assignment = 📂 Choisir le devoir…
grade-choose-the-programs-folder = 📂 Choisir le dossier des programmes…
grade-choose-the-output-folder = 📂 Choisir le dossier des résultats…
grade-assignment-file = Fichier du devoir
grade-programs-folder = Dossier des programmes
grade-output-folder = Dossier des résultats
grade-start-grading = ▶ Commencer à noter
grade-copy-the-report-s-path = Copier le chemin du rapport
grade-cancel-grading = ⏹ Annuler la notation
grade-open = Ouvrir { $run }
grade-the-assignment-toml-its-scenarios = Le devoir (.toml) : ses scénarios et ses critères (docs/grading.md)
grade-one-program-per-pupil-alice = Un programme par élève : alice.rcx, bruno.lasm, chloe.nqc, ou un dossier par élève avec un programme
grade-where-runs-jsonl-grades-csv = Où vont runs.jsonl, grades.csv, junit.xml, les fichiers Gradescope et report.html (un dossier « graded » à côté du devoir si tu n'en choisis pas)
grade-run-every-pupil-s-program = Exécute le programme de chaque élève dans chaque scénario du devoir, en arrière-plan ; le simulateur continue de marcher pendant ce temps
grade-stop-after-the-runs-being = S'arrête après les exécutions en cours de simulation ; aucun rapport n'est écrit
grade-choose-an-assignment-and-the = Choisis un devoir et les programmes des élèves, puis Commencer.
grade-runs-not-ok = { $done } / { $total } exécutions · { $not_ok } pas ok
grade-about-s-left = {" "}· encore environ { $left } s
grade-report = Rapport :
grade-open-it-in-a-browser = Ouvre-le dans un navigateur ; grades.csv, junit.xml, runs.jsonl et gradescope/ sont à côté
grade-copy-the-report-s-path-2 = Copie le chemin du rapport pour le coller dans un navigateur ou un gestionnaire de fichiers
grade-grading-stopped = La notation s'est arrêtée : { $e }
grade-click-a-pupil-to-see = Clique sur un élève pour voir ses exécutions.
grade-pupil = Élève
grade-points = Points
grade-points-in-this-scenario-the = Points dans ce scénario (la moyenne sur ses graines)
grade-status = État
grade-show-this-pupil-s-runs = Affiche les exécutions et les critères de cet élève
grade-open-this-run-in-the = Ouvre cette exécution dans la vue principale : le robot, le sol et le départ du scénario, le programme de cet élève, la graine et le réalisme de l'exécution ; appuie ensuite sur Lancer ou Rejouer
grade-pass = ✔ réussi
grade-fail = ✖ échoué
grade-simulations-at-once-a-run = { $jobs } simulations à la fois ; une exécution n'est pas ok quand son programme ne s'est pas chargé ou n'a pas pu être noté
grade-graded-runs-in-s = { $total } exécutions notées en { $took_s } s.{ $is_empty }
grade-cancelled-after-of-runs-no = Annulé après { $done } exécutions sur { $total } : aucun rapport n'a été écrit.
grade-of = sur
grade-of-points = { $student } : { $points } points sur { $points2 } · { $status }
grade-of-points-2 = { $points } points sur { $points2 } ·
grade-skipped = ignoré

## L'éditeur de programmes

editor-program-editor = ✏ Éditeur de programmes
editor-edit-program = ✏ Modifier le programme
editor-download = ⬇ Télécharger
editor-run-program = ▶ Lancer le programme
editor-stop-program = ⏹ Arrêter le programme
editor-undo = ⟲ Annuler
editor-redo = ⟳ Rétablir
editor-new = 📄 Nouveau
editor-save-program = 💾 Enregistrer le programme
editor-edit-the-robot-s-program = 📥 Modifier le programme du robot
editor-delete-icon = 🗑 Supprimer l'icône
editor-task = + Tâche
editor-subroutine = + Sous-programme
editor-restore-it = Le récupérer
editor-replace-the-file = Remplacer le fichier
editor-keep-the-file = Garder le fichier
editor-discard-it = L'abandonner
editor-close-without-saving = Fermer sans enregistrer
editor-keep-editing = Continuer à modifier
editor-start-a-new-program-empty = Commence un nouveau programme : vide, ou à partir d'un début tout prêt que tu peux changer (Annuler ramène l'ancien)
editor-take-back-the-last-change = Annule la dernière modification — Ctrl+Z
editor-do-again-what-undo-took = Refait ce qu'Annuler a défait — Ctrl+Y
editor-stop-the-robot-and-put = Arrête le robot et le remet à son départ (le programme reste)
editor-run-the-program-the-robot = Lance le programme qu'a le robot (le ▶ Lancer de la barre d'outils)
editor-download-a-program-first = Télécharge d'abord un programme
editor-save-the-program-as-a = Enregistre le programme dans un fichier : .rcx ou .lasm quand il est fini, ou un brouillon (le format de l'éditeur) sinon
editor-open-the-program-the-robot = Ouvre ici en icônes le programme qu'a le robot maintenant (un fichier, un exemple ou un téléchargement depuis ROBOLAB ou NQC)
editor-the-robot-has-no-program = Le robot n'a pas encore de programme
editor-exists-already = { $name } existe déjà.
editor-write-over-it = L'écraser
editor-leave-it-choose-another-name = Le laisser ; choisis un autre nom dans 💾 Enregistrer le programme
editor-the-robot-still-runs-the = Le robot exécute encore le programme tel que tu l'as téléchargé la dernière fois. Tes modifications comptent au prochain ⬇ Télécharger.
editor-folder = Dossier : { $display }
editor-name = Nom :
editor-it-comes-with-its-partner = {" "}Elle vient avec ses icônes partenaires (une boucle avec sa fin, un embranchement avec sa jonction, un saut avec son atterrissage).
editor-add-a-strip-for-a = Ajoute une bande pour un sous-programme (une icône Sous-programme dans une tâche l'appelle)
editor-strip = Bande { $title }
editor-drag-icons-from-the-palette = Fais glisser ici des icônes de la palette
editor-click-to-set-its-modifiers =
    {""}
    Clique pour régler ses modificateurs ; fais-la glisser pour la déplacer, ou sur la palette pour la supprimer.
editor-click-an-icon-to-set = Clique sur une icône pour régler ses modificateurs (port, puissance, secondes, …). Tab passe d'une icône à l'autre, Entrée modifie, Suppr enlève.
editor-click-an-icon-to-set-2 = Clique sur une icône pour régler ses modificateurs.
editor-take-this-icon-out-of = Retire cette icône du programme — Suppr
editor-modifiers-of = Modificateurs de { $title }
editor-this-icon-has-no-modifiers = Cette icône n'a pas de modificateur.
editor-port = Port { $port }
editor-the-motor-outputs-this-icon = Les sorties moteur que commande cette icône (une ou plusieurs parmi A, B, C)
editor-to = { $title } : de { $min } à { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = Le code RCX que donne chaque icône, tel que ROBOLAB l'écrit ; la ligne en cours est allumée
editor-this-program-cannot-compile-yet = Ce programme ne peut pas encore être compilé ; corrige les icônes marquées ⚠ :
editor-each-icon-s-code-appears = Le code de chaque icône s'affiche ici.
editor-restore-your-program = Récupérer ton programme ?
editor-open-it-in-the-program = L'ouvrir dans l'éditeur de programmes
editor-forget-it-and-start-with = L'oublier et commencer avec un programme vide
editor-your-program-is-not-saved = Ton programme n'est pas enregistré
editor-the-program-editor-has-changes = L'éditeur de programmes a des modifications que tu n'as pas enregistrées dans un fichier. Enregistre d'abord (💾 Enregistrer le programme dans l'éditeur) ou ferme sans enregistrer.
editor-close-the-simulator-the-program = Fermer le simulateur ; le programme est perdu
editor-send-this-program-to-the = Envoie ce programme au robot ({ $editor_target }), comme le téléchargement de ROBOLAB ; puis appuie sur ▶ Lancer
editor-drag-it-into-a-strip =
    { $title }
    Fais-la glisser dans une bande, ou clique pour l'ajouter après l'icône choisie.{ $more }
editor-touch = contact
editor-light = lumière
editor-to-seconds = { $title } : de { $v0 } à { $v02 } secondes
editor-the-program-editor-was-not = L'éditeur de programmes n'a pas été bien fermé la dernière fois. Son programme a été sauvegardé : { $summary }.
editor-name-tip = Le nom du fichier ; l'extension est ajoutée pour toi
editor-add-task-tip = Ajoute une bande pour une autre tâche (une icône Partager la tâche ou Démarrer la tâche la lance)
editor-2nd = 2e

## Aide et À propos

help-how-to-use-the-simulator = Comment utiliser le simulateur
help-about-lurobotsim = À propos de lurobotsim
help-turns-a-motor-on-forwards = Allume un moteur en marche avant. La lettre dit quel port : A, B ou C.
help-turns-a-motor-on-backwards = Allume un moteur en marche arrière.
help-stops-a-motor-at-once = Arrête un moteur tout de suite (frein).
help-lets-a-motor-run-freely = Laisse un moteur tourner librement jusqu'à ce qu'il s'arrête.
help-waits-for-some-seconds-the = Attend quelques secondes ; le compte à rebours s'affiche sur l'icône.
help-waits-until-the-touch-sensor = Attend que le capteur de contact soit appuyé.
help-waits-until-the-touch-sensor-2 = Attend que le capteur de contact soit relâché.
help-waits-until-the-light-sensor = Attend que le capteur de lumière voie sombre (en dessous d'un nombre).
help-waits-until-the-light-sensor-2 = Attend que le capteur de lumière voie clair (au-dessus d'un nombre).
help-waits-until-the-light-sensor-3 = Attend que le capteur de lumière voie plus sombre que maintenant.
help-waits-until-the-light-sensor-4 = Attend que le capteur de lumière voie plus clair que maintenant.
help-waits-until-a-wheel-has = Attend qu'une roue ait assez tourné.
help-goes-one-way-if-the = Prend un chemin si le capteur de contact est appuyé, l'autre sinon.
help-goes-one-way-if-the-2 = Prend un chemin si le capteur de lumière voit clair, l'autre s'il voit sombre.
help-where-the-two-ways-of = Là où les deux chemins d'un embranchement se rejoignent.
help-jumps-to-the-land-icon = Saute à l'icône Atterrissage de la même couleur.
help-where-a-jump-arrives = Là où arrive un Saut.
help-start-of-a-part-that = Début d'une partie qui se répète.
help-end-of-the-repeated-part = Fin de la partie répétée : retour à l'icône Boucle.
help-starts-a-second-line-of = Commence une deuxième ligne d'icônes qui tourne en même temps.
help-plays-one-of-the-rcx = Joue un des sons du RCX.
help-plays-a-note = Joue une note.
help-sets-or-changes-a-number = Met ou change un nombre que le programme retient (un conteneur).
help-sets-a-timer-back-to = Remet un minuteur à zéro.
help-tells-the-rcx-which-sensor = Dit au RCX quel capteur est sur un port.
help-starts-another-task = Démarre une autre tâche.
help-stops-a-task = Arrête une tâche.
help-runs-a-group-of-icons = Exécute un groupe d'icônes rangé ailleurs, puis revient.
help-instructions-that-are-not-one = Des instructions qui ne sont pas une icône de ROBOLAB.
help-n1-get-a-program = 1. Trouver un programme
help-examples-gives-ready-made-programs = ⭐ Exemples donne des programmes tout prêts avec le bon robot et le bon sol.
help-open-ctrl-o-opens-a = 📂 Ouvrir (Ctrl+O) ouvre un fichier .lasm ou .rcx ; tu peux aussi déposer un fichier sur la fenêtre.
help-or-download-from-robolab-or = Ou télécharge depuis ROBOLAB ou NQC, comme vers un vrai RCX (voir plus bas).
help-or-write-your-own-with = Ou écris le tien avec ✏ Modifier le programme : fais glisser les icônes de ROBOLAB de la palette vers la bande, clique sur une icône pour régler ses ports, sa puissance ou ses secondes, puis ⬇ Télécharger et ▶ Lancer le programme. Annuler (Ctrl+Z) défait n'importe quelle modification ; ton programme est sauvegardé tout seul.
help-n2-run-it = 2. Le lancer
help-run-starts-the-program-pause = ▶ Lancer démarre le programme. ⏸ Pause arrête l'horloge ; ▶ Lancer repart de là. La barre d'espace fait les deux.
help-stop-puts-the-robot-back = ⏹ Arrêter remet le robot à son point de départ ; le programme et tes boîtes restent.
help-on-the-right-the-program = À droite, les icônes du programme : celle en cours est allumée en jaune. Clique sur une icône pour voir ses instructions.
help-n3-watch-it-slowly = 3. Le regarder lentement
help-slower-every-click-waits-10 = 🐢 Plus lent : chaque clic attend 10 ms de plus après chaque pas de 1 ms (jusqu'à 200 ms), pour que tu puisses suivre chaque icône. 🐇 Plus vite l'enlève, puis va plus vite.
help-the-speed-slider-0-1 = Le curseur de vitesse : 0,1× est dix fois plus lent que la réalité, 1× est le temps réel, max est aussi vite que l'ordinateur peut.
help-step-one-millisecond-one-instruction = ⏭ Pas : une milliseconde, une instruction, ou jusqu'à ce que l'icône suivante s'allume. L'horloge affiche alors les millisecondes.
help-n4-look-back = 4. Revenir en arrière
help-drag-the-timeline-under-the = Fais glisser la ligne du temps sous la vue 3D pour voir n'importe quel moment passé.
help-replay-plays-the-run-again = ⟲ Rejouer rejoue l'exécution à partir de là ; ⏵ Reprendre d'ici continue à partir de ce moment ; Direct revient au présent.
help-n5-change-the-world = 5. Changer le monde
help-pick-another-robot-m1-m5 = Choisis un autre robot (M1–M5) ou un autre sol (E1–E3) dans la barre d'outils. Fais glisser la Boîte rouge sur le sol pour mettre un obstacle sur le chemin ; le menu Environnement enlève les boîtes, toutes ou une seule, et un clic droit sur une boîte propose de n'enlever qu'elle. Réalisme : original se comporte comme le simulateur de 2007, brique rcx comme un vrai RCX (firmware plus lent, moteurs qui ralentissent sous la charge).
help-move-robot-drag-the-robot = ✋ Déplacer : fais glisser le robot à une nouvelle place ; les boutons Tourner changent sa direction.
help-the-rcx-itself = Le RCX lui-même
help-at-the-top-of-the = En haut des mesures, la brique jaune : son écran affiche l'horloge (heures.minutes depuis l'allumage), la valeur d'un capteur, la puissance d'une sortie ou le numéro du programme, l'emplacement de programme 1-5 à droite et un petit bonhomme qui marche quand un programme tourne.
help-click-its-buttons-as-on = Clique sur ses boutons comme sur une vraie brique : View affiche le capteur ou le moteur suivant, Prgm choisit l'emplacement suivant, Run lance ou arrête le programme choisi, On-Off éteint et rallume la brique (les programmes sont gardés).
help-its-beeps-and-tunes-play = Ses bips et ses mélodies passent par le haut-parleur de cet ordinateur, plus lents au ralenti et muets en pause ; Couper le son les arrête.
help-connecting-robolab = Connecter ROBOLAB
help-press-copy-sym-txt-settings = Appuie sur « copier les réglages sym.txt » dans la barre d'état et colle les lignes dans le fichier sym.txt du dossier de ROBOLAB.
help-in-robolab-choose-the-simulator = Dans ROBOLAB, choisis le simulateur (LegoSim) comme port, puis appuie sur la flèche blanche : le programme arrive ici et tourne.
help-connecting-nqc = Connecter NQC
help-nqc-4-x-downloads-straight = NQC 4.x télécharge directement par TCP : nqc -TRCX2 -Stcp:localhost:4266 -d programme.nqc -run
help-older-nqc-speaks-only-to = Les anciens NQC ne parlent qu'à un port série : lance le simulateur avec --pty /tmp/rcx, puis nqc -TRCX2 -S/tmp/rcx -d programme.nqc
help-on-windows-there-is-no = Sous Windows il n'y a pas de pseudo-terminal (--pty) : utilise NQC 4.x par TCP comme ci-dessus.
help-or-compile-nqc-trcx2-oprogram = Ou compile : nqc -TRCX2 -Oprogramme.rcx programme.nqc, et ouvre programme.rcx ici.
help-mouse-and-keys = Souris et touches
help-left-drag-turns-the-camera = Glisser avec le bouton gauche tourne la caméra, la molette zoome, glisser avec le bouton droit la déplace. Les boutons de vue F, B, T, S, i sautent à une vue.
help-arrows-move-the-camera-f1 = Les flèches déplacent la caméra, F1/F2 la baissent/la montent, F3/F4 la tournent. Espace : lancer ou mettre en pause. Ctrl+O : ouvrir un fichier.
help-what-the-icons-mean = Ce que veulent dire les icônes
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = Un simulateur pour les programmes LEGO MINDSTORMS RCX : teste des programmes ROBOLAB et NQC sur des robots virtuels et regarde chaque icône s'allumer pendant qu'elle tourne.
help-a-rust-port-of-lurobotsim = Un portage en Rust de LURobotSim.

## Exemples, robots et sols

example-motor-2s = Moteur 2 secondes
example-motor-2s-tip = Les deux moteurs en avant pendant 2 secondes, puis arrêt (robot M4, sol uni E1). Le vrai robot a fait 1,05 m.
example-touch = Toucher le mur
example-touch-tip = Avancer jusqu'à ce que le capteur de contact touche le mur, s'arrêter 1 s, reculer 2 s (robot M2, sol avec mur E2)
example-line-follower = Suiveur de ligne
example-line-follower-tip = Aller jusqu'à la ligne noire, puis suivre son bord avec le capteur de lumière (robot M5, sol avec ligne E3)
example-wait-for-darker = Attendre plus sombre
example-wait-for-darker-tip = Avancer jusqu'à ce que le sol soit plus sombre qu'au départ (robot M5, sol avec ligne E3) ; le simulateur d'origine ne savait pas faire tourner celui-ci
example-task-split = Partager la tâche
example-task-split-tip = Deux tâches à la fois : l'une roule, l'autre bipe (robot M3, sol uni E1)
scene-ir-master-slave = IR : maître et esclave
scene-ir-master-slave-tip = Deux M4 : le maître envoie « avance », « recule », « stop » par infrarouge toutes les deux secondes ; l'esclave obéit (scène : deux robots, chacun avec son RCX)
scene-ir-elect = IR : élire un chef
scene-ir-elect-tip = Deux M4 font tourner le même programme : chacun attend un temps au hasard et réclame la tête par infrarouge ; une brique qui entend d'abord une réclamation suit. Le chef avance pendant une seconde (scène : deux robots)
robot-m1 = Un moteur (A), une roue avant motrice, pas de capteur
robot-m2 = M1 avec un capteur de contact à l'avant (port 1)
robot-m3 = Deux moteurs (A, C) et une roulette libre à l'arrière
robot-m4 = Deux moteurs (A, C) et quatre roues
robot-m5 = M3 avec un capteur de lumière tourné vers le sol (port 1)
env-e1 = Un sol plat et vide
env-e2 = Un sol entouré d'un mur (pour le capteur de contact)
env-e3 = Un sol blanc avec une ligne noire en carré (pour le capteur de lumière)

## Noms que le cœur garde en anglais (icônes comme dans ROBOLAB)

icon-motor-forward = Moteur avant
icon-motor-backward = Moteur arrière
icon-stop-motor = Arrêter le moteur
icon-float-motor = Moteur en roue libre
icon-wait-for-time = Attendre un temps
icon-wait-for-push = Attendre l'appui
icon-wait-for-let-go = Attendre le relâchement
icon-wait-for-dark = Attendre sombre
icon-wait-for-light = Attendre clair
icon-wait-for-darker = Attendre plus sombre
icon-wait-for-lighter = Attendre plus clair
icon-wait-for-rotation = Attendre la rotation
icon-touch-sensor-fork = Embranchement contact
icon-light-sensor-fork = Embranchement lumière
icon-fork-merge = Jonction
icon-jump = Saut
icon-land = Atterrissage
icon-loop = Boucle
icon-end-of-loop = Fin de boucle
icon-task-split = Partager la tâche
icon-play-sound = Jouer un son
icon-play-tone = Jouer une note
icon-container = Conteneur
icon-reset-timer = Remettre le minuteur à zéro
icon-sensor-setup = Régler le capteur
icon-start-task = Démarrer la tâche
icon-stop-task = Arrêter la tâche
icon-subroutine = Sous-programme
icon-instructions = Instructions
group-outputs = Sorties
group-wait-for = Attendre
group-structures = Structures
group-sensors-and-timers = Capteurs et minuteurs
group-tasks-and-subroutines = Tâches et sous-programmes
group-sounds-and-tones = Sons et notes
group-containers = Conteneurs
group-other = Autres
param-ports = Ports
param-power-level = Puissance
param-seconds = Secondes
param-sensor-port = Port du capteur
param-threshold = Seuil
param-change = Écart
param-count = Nombre
param-until = Jusqu'à
param-frequency-hz = Fréquence (Hz)
param-duration-s = Durée (s)
param-sound = Son
param-container = Conteneur
param-operation = Opération
param-value = Valeur
param-task = Tâche
param-subroutine = Sous-programme
param-timer = Minuteur
param-label = Étiquette
icon-loop-a-number-of-times = Boucle un nombre de fois
icon-loop-forever = Boucle sans fin
icon-loop-until-touch = Boucle jusqu'au contact
icon-loop-until-light = Boucle jusqu'à la lumière
icon-second-branch = Deuxième branche
choice-released = relâché
choice-pressed = appuyé
choice-light = clair
choice-dark = sombre
choice-fill = mettre
choice-add = ajouter
choice-subtract = soustraire
choice-multiply = multiplier
choice-divide = diviser
choice-click = clic
choice-double-beep = double bip
choice-sweep-down = glissando descendant
choice-sweep-up = glissando montant
choice-error-buzz = bourdon d'erreur
choice-fast-sweep-up = glissando rapide

## Messages et erreurs de l'application

app-audio-the-brick-s-speaker-is = Le haut-parleur de la brique est muet : { $why }
app-audio-the-sound-output-stopped = la sortie son s'est arrêtée
app-audio-cannot-start-the-sound-thread = impossible de démarrer le fil du son : { $e }
app-audio-sound-output-is-built-for = la sortie son n'existe que sous Linux et Windows (utilise `run --audio FICHIER.wav`)
app-audio-this-browser-has-no-web = ce navigateur n'a pas Web Audio ({ $e })
app-audio-libasound-has-no = libasound n'a pas { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = la bibliothèque son ALSA (libasound.so.2) n'est pas installée
app-audio-no-sound-card = pas de carte son
app-audio-no-sound-device = pas de périphérique son
app-audio-the-sound-device-refused-16 = le périphérique son refuse le mono 16 bits à 44,1 kHz
app-audio-the-sound-device-refused-16-2 = le périphérique son refuse le mono 16 bits à 44,1 kHz (erreur waveOutOpen { $r })
app-connection-robolab-transfer-complete-running-task = { $who }Transfert ROBOLAB terminé : la tâche 0 tourne.
app-connection-the-host-started-task = { $who }L'ordinateur a lancé la tâche { $task }.
app-connection-connected = { $who }{ $peer } connecté.
app-connection-link = { $who }Liaison : { $e }
app-connection-rcx-link-of-robot-it = Liaison RCX du robot { $k1 } : { $e }. Il marche sans.
app-connection-no-link = pas de liaison : { $e }
app-connection-port = port { $port }
app-editor-empty-program = Programme vide
app-editor-one-motor-for-a-time = Un moteur un moment
app-editor-two-motors-then-wait = Deux moteurs, puis attendre
app-editor-line-follower-skeleton = Suiveur de ligne (squelette)
app-editor-task-0-with-no-icons = Tâche 0 sans icône : fais glisser des icônes depuis la palette
app-editor-motor-a-forward-wait-2 = Moteur A en avant, attendre 2 s, arrêter A (ROBOLAB Pilote 1)
app-editor-motors-a-and-c-forward = Moteurs A et C en avant, attendre 2 s, arrêter les deux (ROBOLAB Pilote 2) ; pour les robots M3–M5
app-editor-drive-until-the-light-sensor = Avancer jusqu'à ce que le capteur de lumière du port 1 voie la ligne noire, puis suivre son bord pour toujours : sur sombre tourner avec C, sur clair revenir avec A (robot M5, sol E3)
app-editor-save-as-rcx-finished-program = Enregistrer en .rcx (programme fini)
app-editor-save-as-lasm-finished-program = Enregistrer en .lasm (programme fini)
app-editor-save-as-a-draft-icons = Enregistrer comme brouillon (.icons, peut être inachevé)
app-editor-the-program-as-a-brick = Le programme comme image de brique : il tourne ici (Fichier > Ouvrir, run --program), dans les outils de NQC et sur un vrai RCX
app-editor-the-program-as-robolab-s = Le programme comme texte LASM de ROBOLAB : lisible, il tourne ici et dans le SDK
app-editor-the-icons-as-the-editor = Les icônes dans le petit format texte de l'éditeur : garde un programme qui ne se compile pas encore (un embranchement sans sa jonction) ; rouvre-le ici
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } icône
       *[other] { $icons } icônes
    } dans { $len ->
        [one] { $len } bande
       *[other] { $len } bandes
    }
app-editor-the-autosaved-program-could-not = Le programme sauvegardé automatiquement n'a pas pu être lu (ligne { $line } : { $message }).
app-editor-autosave-failed = La sauvegarde automatique a échoué : { $e }
app-editor-kept-as-it-is-it = { $label } (gardée telle quelle : on peut la déplacer ou la supprimer, pas la modifier)
app-editor-task = Tâche { $t }
app-editor-subroutine = Sous-programme { $s }
app-editor-pwr = puiss { $v }
app-editor-by = de { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = appuyé
app-editor-released = relâché
app-editor-var = var { $v }
app-editor-sound = son { $v }
app-editor-bytes = { $code } octets
app-editor-new-program-undo-brings-the = Nouveau programme : { $title }. Annuler ramène l'ancien.
app-editor-your-program-is-back-save = Ton programme est revenu. Enregistre-le (💾 Enregistrer le programme) pour le garder dans un fichier.
app-editor-opened-the-draft-as-icons = Brouillon { $name } ouvert en icônes.
app-editor-cannot-open-the-draft = Impossible d'ouvrir le brouillon { $name }:{ $line } : { $message }
app-editor-the-robot-has-no-program = Le robot n'a pas encore de programme : commence avec Nouveau ou fais glisser des icônes.
app-editor-part-s-robolab-has-no = {" "}{ $generic } partie(s) sans icône dans ROBOLAB restent telles quelles (icônes grises « Instructions ») : tu peux les déplacer ou les supprimer, pas les modifier.
app-editor-opened-as-icons = { $name } ouvert en icônes.{ $more }
app-editor-nothing-to-download-yet-drag = Rien à télécharger pour l'instant : fais glisser des icônes de la palette dans la Tâche 0.
app-editor-download-refused = Téléchargement refusé : { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Téléchargement refusé : le programme ne se compile pas.
app-editor-downloaded-to-the-old-program = Téléchargé dans { $robot } : l'ancien programme s'est arrêté. Appuie sur ▶ Lancer pour démarrer le nouveau.
app-editor-downloaded-to-press-run-to = Téléchargé dans { $robot }. Appuie sur ▶ Lancer pour le démarrer.
app-editor-strip = bande { $strip1 }
app-editor-icon = { $strip_title }, icône { $i1 } ({ $title })
app-editor-type-a-name-for-the = Tape d'abord un nom pour le fichier.
app-editor-it-cannot-compile-yet-save = il ne se compile pas encore ({ $reason }) ; enregistre-le plutôt comme brouillon
app-editor-saved = { $display } enregistré.
app-editor-not-saved = Pas enregistré : { $e }
app-editor-task-0-starts-when-you = La tâche 0 démarre quand tu appuies sur Lancer
app-editor-a-subroutine-a-subroutine-icon = Un sous-programme : une icône Sous-programme le lance
app-editor-running = en marche
app-editor-waiting = en attente
app-editor-icon-2 = { $title }, icône { $i1 } : { $label }
app-files-save-the-recording-as = Enregistrer l'enregistrement sous
app-files-export-the-trace-as = Exporter la trace sous
app-files-save-the-screenshot-as = Enregistrer la capture sous
app-files-cannot-open-the-recording = Impossible d'ouvrir l'enregistrement : { $e }
app-files-recording-2 = Enregistrement { $display } : { $e }
app-files-opening-the-recording = Ouverture de l'enregistrement { $display }…
app-files-scene = Scène : { $e }
app-files-recording-saved-as = Enregistrement sauvegardé sous { $display }.
app-files-cannot-save-the-recording = Impossible de sauvegarder l'enregistrement : { $e }
app-files-trace-saved-as-rows-s = Trace enregistrée sous { $display } ({ $rows } lignes, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = Impossible d'exporter la trace : { $e }
app-files-recording-loaded-press-replay-drag = Enregistrement chargé : appuie sur Rejouer, fais glisser la ligne du temps ou reprends à n'importe quel moment.
app-files-type-a-file-name-to = Tape un nom de fichier pour enregistrer.
app-files-is-a-folder-type-a = { $display } est un dossier ; tape un nom de fichier.
app-files-screenshot-saved-as = Capture enregistrée sous { $display }.
app-files-screenshot-2 = Capture : { $e }
app-files-screenshot-the-picture-was-not = Capture : la photo n'a pas été prise.
app-files-cannot-open-the-program = Impossible d'ouvrir le programme : { $e }
app-files-cannot-open-the-program-2 = Impossible d'ouvrir le programme : { $message }
app-files-cannot-download = impossible de télécharger { $name } : { $e }
app-files-cannot-write = impossible d'écrire { $display } : { $e }
app-files-the-screenshot-had-a-wrong = la capture n'avait pas la bonne taille
app-files-cannot-encode = impossible d'encoder { $display } : { $e }
app-program-raw = { $a } : brut { $codea }
app-shot-the-window-never-produced-a = la fenêtre n'a jamais donné d'image à capturer
app-world-robot-file = Fichier de robot : { $e }
app-world-environment-file = Fichier d'environnement : { $e }
app-world-example = Exemple : { $title }
app-world-example-2 = Exemple { $file } : { $err }
app-world-cannot-open-the-draft = Impossible d'ouvrir le brouillon : { $e }
app-world-cannot-open-the-program = Impossible d'ouvrir le programme : { $message }
app-world-loaded-icon-s-in-strip = { $name } chargé : { $len ->
        [one] { $len } icône
       *[other] { $len } icônes
    } dans { $len2 ->
        [one] { $len2 } bande
       *[other] { $len2 } bandes
    }.
app-world-the-last-robot-stays-a = Le dernier robot reste : un monde en a besoin d'un.
app-world-try-another-robot-robot-menu = { $w } Essaie un autre robot (menu Robot).
app-robot-file-using-m1-instead = Fichier de robot : { $e }. M1 est utilisé à la place.
app-environment-file-using-e1-instead = Fichier d'environnement : { $e }. E1 est utilisé à la place.
app-scene-showing-one-robot-instead = Scène : { $e }. Un seul robot est affiché à la place.
app-cannot-build-the-world = impossible de construire le monde : { $e }
app-the-world-has-no-robot = le monde n'a pas de robot
app-rcx-link-the-simulator-works = Liaison RCX : { $e }. Le simulateur marche sans.
app-no-program-loaded-yet-open = Pas encore de programme : ouvres-en un (Fichier > Ouvrir) ou choisis un exemple.
app-scene-robots-pick-one-under = Scène { $file } : { $len } robots. Choisis-en un dans Robots pour voir sa brique ; Lancer démarre le programme de chaque robot.
app-s-program = programme de { $name }
app-downloaded-program = programme téléchargé
app-new-program-received-icon-s = Nouveau programme reçu : { $len ->
        [one] { $len } icône
       *[other] { $len } icônes
    }.
app-program-fault = Erreur du programme { $f }
msg-language-not-remembered = La langue n'a pas pu être gardée pour la prochaine fois : { $error }
app-grade-not-in-a-browser = Noter une classe lit un dossier de programmes et écrit un dossier de rapports, ce qu'un onglet de navigateur ne peut pas faire : note dans l'application de bureau (Fichier > Noter une classe…) ou avec `lurobotsim grade`. Ici, ouvre le programme d'un élève avec Fichier > Ouvrir… et lance-le.
app-grade-choose-first = Choisis d'abord un fichier de devoir et un dossier de programmes.
app-grade-cannot-use-assignment = Impossible d'utiliser le devoir : { $e }
app-grade-programs-folder = Dossier des programmes { $e }
app-grade-cannot-start = Impossible de commencer à noter : { $e }
app-grade-grading = Notation de { $name } : { $runs } exécutions ({ $pupils } élèves), { $jobs } à la fois, dans { $out }.
app-grade-opened-run = { $id } ouvert : { $robot } sur { $env }, { $name } chargé (graine { $seed }, réalisme { $realism }). { $then }
app-grade-press-the-brick = Dans ce scénario, le correcteur a appuyé sur les boutons de la brique : appuie dessus sur la brique.
app-grade-press-run = Appuie sur Lancer.
app-share-program-not-opened = Le programme du lien n'a pas pu être ouvert : { $e }
app-grade-graded = { $runs } exécutions notées en { $secs } s ({ $not_ok } pas ok) ; rapports dans { $out }.
app-grade-graded-with-errors = Noté, mais { $count ->
        [one] { $count } exécution n'a pas pu être notée
       *[other] { $count } exécutions n'ont pas pu être notées
    } : { $errors }
app-grade-cancelled = Notation annulée après { $done } exécutions sur { $runs } ; rien n'a été écrit dans { $out }.
app-grade-stopped = La notation s'est arrêtée : { $out } : { $e }
app-share-link-not-opened = Ce lien n'a pas pu être ouvert ({ $e }) ; les réglages par défaut sont affichés.

## Challenges

challenge-open-challenge = Ouvrir un défi…
challenge-challenges = Défis
challenge-grade-all-seeds = Noter toutes les graines
challenge-close-challenge = Fermer le défi
challenge-this-challenge-cannot-be-opened = Ce défi ne peut pas être ouvert
challenge-result = Résultat :
challenge-path-trail = Trace du chemin
challenge-trail = Trace
challenge-challenge = Défi : { $name }
challenge-failed-at-s = ✖ { $task } — raté à { $v0 } s
challenge-of-points = { $result } { $points } points sur { $points2 }
challenge-all-seeds-of-points-as = Toutes les graines : { $points } points sur { $points2 } (comme la note du professeur)
challenge-no-built-in-challenges-in = Pas de défi intégré dans cette version.
challenge-open-this-challenge-its-robot = Ouvre ce défi : son robot, son sol, son départ et ce qu'il faut faire
challenge-this-challenge-needs-files-beside = Ce défi a besoin de fichiers à côté (plusieurs robots) : ouvre-le dans l'application de bureau
challenge-open-a-challenge-file-toml = Ouvre un fichier de défi (.toml, comme un professeur écrit un devoir) : son robot, son sol, son départ et ce qu'il faut faire
challenge-robot-on-s-seed = Robot { $robot_label } sur { $env_label } · { $end_ms } s · graine { $seed }
challenge-open-your-program-file-open = Ouvre ton programme (Fichier > Ouvrir), puis appuie sur ▶ Lancer.
challenge-criterion = critère { $id }
challenge-hide-this-panel-the-robot = Cache ce panneau ; le robot et le sol restent
challenge-your-program-could-not-be = Ton programme n'a pas pu être chargé : { $e }
challenge-every-criterion-passed-well-done = Tous les critères sont réussis. Bravo !
challenge-show-this-moment-of-the = Montre ce moment de l'exécution
challenge-all-seeds-runs = Toutes les graines : { $done } / { $total } exécutions
challenge-all-seeds = Toutes les graines : { $e }
challenge-run-your-program-on-all = Lance ton programme sur les { $seeds } départs que note le professeur, en arrière-plan, et fais le total comme sa note
challenge-open-your-program-first = Ouvre d'abord ton programme
challenge-goal = but
challenge-keep-out = interdit
app-challenge-no-scenario = { $file } : pas de scénario { $k }
app-challenge-the-run-has-no-goal = l'exécution n'a pas d'objectif
app-challenge-cannot-open-the-challenge = Impossible d'ouvrir le défi : { $e }
app-challenge-challenge-on-s-open-your = Défi « { $name } » : { $label_of } sur { $label_of2 }, { $v0 } s. Ouvre ton programme (Fichier > Ouvrir) et appuie sur Lancer.
app-challenge-open-your-program-first-file = Ouvre d'abord ton programme (Fichier > Ouvrir).
app-challenge-cannot-grade-the-seeds = Impossible de noter les graines : { $e }
app-challenge-the-grading-thread-stopped = le fil de notation s'est arrêté
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } point
       *[other] { $points } points
    }
files-open-a-challenge = Ouvrir un défi
files-open-this-challenge = Ouvrir ce défi
main-a-program-is-running-challenge = Un programme tourne. Tous les robots de ce monde partent et le robot, le sol et le départ du défi prennent leur place ; ouvre ensuite ton programme pour lui.
main-open-the-challenge = Ouvrir le défi { $name } ?
toolbar-challenges-tip = Des tâches à résoudre avec un programme : atteindre un endroit, en éviter un autre, suivre une ligne ; chacune dit comment elle est notée
toolbar-trail-tip = Dessine au sol en orange le chemin parcouru par le robot (pâle après le moment affiché) ; Arrêter l'efface
toolbar-trail-short-tip = Dessine au sol en orange le chemin parcouru par le robot ; Arrêter l'efface
