# lurobotsim — español. Las mismas claves que en.ftl (una prueba lo comprueba).

test-seconds = { $secs ->
    [one] { $secs } segundo
   *[other] { $secs } segundos
}

## La ventana, la barra de estado y los diálogos

main-run = ▶ Ejecutar
main-pause = ⏸ Pausa
main-step-1-ms = Paso de 1 ms
main-step-instruction = Paso: instrucción
main-step-icon = Paso: icono
main-slower = 🐢 Más lento
main-faster = 🐇 Más rápido
main-stop = ⏹ Parar
main-replay = ⟲ Repetir
main-resume-from-here = ⏵ Seguir desde aquí
main-live = En directo
main-turn-left-15 = Girar 15° izq.
main-turn-right-15 = Girar 15° der.
main-ok = Aceptar
main-cancel = Cancelar
main-save-recording = 💾 Guardar grabación…
main-export-trace-as-csv = 💾 Exportar traza como CSV…
main-save-a-screenshot = 📷 Guardar una captura…
main-save = 💾 Guardar
main-replace = Reemplazar
main-tile-windows = Ventanas en mosaico
main-cascade-windows = Ventanas en cascada
main-readouts = Lecturas
main-program-trace = Traza del programa
main-plots = Gráficas
main-the-newest-message-all-of = El mensaje más reciente; todos están en Ver > Mensajes
main-ready = Listo.
main-messages-about-files-downloads-and = Aquí aparecen los mensajes sobre archivos, descargas y fallos del programa
main-this-program-cannot-be-opened = Este programa no se puede abrir
main-this-assignment-cannot-be-used = Esta tarea no se puede usar
main-line-of = Línea { $line } de { $file }:
main-correct-the-red-line-of = Corrige la línea roja del archivo, guárdalo y pulsa Empezar otra vez (docs/grading.md explica cada clave).
main-check-the-spelling-of-the = Revisa cómo está escrita la instrucción de la línea roja y sus números, guarda el archivo y ábrelo de nuevo.
main-change-the-robot-to = ¿Cambiar el robot a { $r }?
main-change-the-environment-to = ¿Cambiar el entorno a { $e }?
main-change-the-realism-to = ¿Cambiar el realismo a { $realism_name }?
main-a-program-is-running-it = Hay un programa en marcha. Se parará, el programa del ejemplo ocupará su lugar y el robot volverá al inicio.
main-a-program-is-running-every = Hay un programa en marcha. Todos los robots de este mundo se van y los robots y programas de la escena ocupan su lugar.
main-a-program-is-running-every-2 = Hay un programa en marcha. Todos los robots de este mundo se van y el robot, el suelo y el programa de la ejecución ocupan su lugar.
main-a-program-is-running-it-2 = Hay un programa en marcha. Se parará y el robot volverá al inicio. El programa se conserva.
main-yes-change-it-now = Sí, cámbialo ahora
main-no-keep-the-program-running = No, deja el programa en marcha
main-messages = Mensajes
main-clear = Borrar
main-forget-all-messages = Olvidar todos los mensajes
main-open-the-scene = ¿Abrir la escena { $file_name }?
main-open-the-graded-run = ¿Abrir la ejecución evaluada { $gradingas_ref }?
main-load-the-example = ¿Cargar el ejemplo «{ $examplesget }»?

## Menús y barra de herramientas

toolbar-copy-link-to-this-run = 🔗 Copiar enlace a esta ejecución
toolbar-file = Archivo
toolbar-open-a-program-robot-environment = 📂 Abrir un programa, robot, entorno o grabación…
toolbar-open-a-lasm-or-rcx = Abre un programa .lasm o .rcx, un archivo .toml de robot o de entorno, o una grabación .json. También puedes soltar un archivo sobre la ventana.
toolbar-grade-every-pupil-s-program = Evalúa el programa de cada alumno según una tarea (escenarios y criterios) en segundo plano, mira la tabla de la clase y abre aquí la ejecución de cualquier alumno
toolbar-save-the-run-so-far = Guarda lo que llevas de ejecución como archivo de repetición (.json); ábrelo más tarde para verlo o seguir desde cualquier momento. Tú eliges la carpeta y el nombre.
toolbar-save-time-pose-motor-powers = Guarda el tiempo, la posición, la potencia de los motores, los valores de los sensores y el icono en marcha (una fila cada 50 ms) en un archivo CSV para una hoja de cálculo. Tú eliges la carpeta y el nombre.
toolbar-take-a-picture-of-the = Haz una foto de toda la ventana ahora y luego elige dónde guardarla como PNG
toolbar-copy-a-link-that-opens = Copia un enlace que abre esta ejecución (robot, suelo, realismo, batería, inicio y programa) en un navegador. El programa viaja dentro del propio enlace, no pasa por ningún servidor.
toolbar-link-copied-characters-paste-it = Enlace copiado ({ $len } caracteres): pégalo para compartir esta ejecución.
toolbar-quit = Salir
toolbar-close-the-simulator = Cerrar el simulador
toolbar-open-programs-export-the-trace = Abrir programas, exportar la traza, capturas
toolbar-run = Ejecutar
toolbar-run-pause-step-slow-down = Ejecutar, pausar, ir paso a paso, ir más lento o más rápido (también en la barra)
toolbar-robot = Robot
toolbar-choose-the-robot-model = Elige el modelo de robot
toolbar-environment = Entorno
toolbar-choose-the-floor-and-walls = Elige el suelo y las paredes
toolbar-examples = Ejemplos
toolbar-ready-made-robolab-programs-one = Programas de ROBOLAB ya hechos, a un clic
toolbar-view = Ver
toolbar-n10-cm-grid = Cuadrícula de 10 cm
toolbar-show-a-grid-on-the = Muestra una cuadrícula en el suelo: líneas finas cada 10 cm, gruesas cada metro
toolbar-shadows = Sombras
toolbar-soft-shadows-under-the-robot = Sombras suaves bajo el robot y las cajas, para que veas que están apoyados en el suelo
toolbar-follow-the-robot = Seguir al robot
toolbar-keep-the-camera-pointed-at = La cámara sigue mirando al robot mientras se mueve
toolbar-second-view-top = Segunda vista (desde arriba)
toolbar-show-a-top-view-beside = Muestra una vista desde arriba junto a la vista 3D
toolbar-running-icon-above-the-robot = Icono en marcha sobre el robot
toolbar-show-the-icon-that-is = Muestra flotando sobre el robot el icono que se está ejecutando
toolbar-messages = Mensajes…
toolbar-show-all-messages-errors-downloads = Muestra todos los mensajes (errores, descargas, fallos)
toolbar-what-the-3d-view-shows = Lo que muestra la vista 3D
toolbar-language = Idioma
toolbar-language-tip = El idioma de la ventana; cambia al momento, la ejecución sigue y se recuerda para la próxima vez
toolbar-window = Ventana
toolbar-arrange-the-panes-around-the = Coloca los paneles alrededor de la vista 3D, o ciérralos y vuelve a abrirlos
toolbar-help = Ayuda
toolbar-what-the-icons-mean-how = Qué significan los iconos; cómo ejecutar, ir más lento, ir paso a paso y repetir; cómo conectar ROBOLAB y NQC
toolbar-the-version-of-this-simulator = La versión de este simulador
toolbar-how-to-use-the-simulator = Cómo usar el simulador
toolbar-stop-the-clock = Para el reloj
toolbar-run-the-program = Ejecuta el programa
toolbar-space = Espacio
toolbar-dock-the-panes-around-the = Coloca los paneles alrededor de la vista 3D, uno al lado del otro
toolbar-float-the-panes-over-the = Pon los paneles como ventanas flotantes sobre la vista 3D, cada una un poco más abajo; puedes moverlas, cambiar su tamaño y cerrarlas
toolbar-the-clock-robot-motor-sensor = Las lecturas del reloj, el robot, los motores, los sensores y el programa
toolbar-the-program-s-icons-with = Los iconos del programa, con el que está en marcha iluminado
toolbar-sensor-values-and-motor-power = Valores de los sensores y potencia de los motores a lo largo del tiempo
toolbar-use-robot = Usar el robot { $name }: { $tip }
toolbar-robot-file = Archivo de robot…
toolbar-use-your-own-robot-description = Usa tu propia descripción de robot (.toml)
toolbar-use-environment = Usar el entorno { $name }: { $tip }
toolbar-remove-dropped-boxes = Quitar las cajas
toolbar-take-away-the-boxes-you = Quita las cajas que has dejado caer en el suelo
toolbar-remove = 🗑 Quitar { $name }
toolbar-environment-file = Archivo de entorno…
toolbar-use-your-own-environment-description = Usa tu propia descripción de entorno (.toml)
toolbar-how-real-the-brick-behaves = Lo real que se comporta el ladrillo: original = el simulador de 2007 (cada tarea ejecuta una instrucción por ms, motores ideales); ladrillo rcx = un RCX de verdad (unas 300 instrucciones por segundo repartidas entre todas las tareas, potencias como PWM en motores de corriente continua que se frenan con la carga, freno sin par de retención). Al elegir uno, el robot vuelve a su inicio; el programa se conserva
toolbar-realism = Realismo: { $realism_name }
toolbar-rcx-brick = ladrillo rcx
toolbar-behave-like-the-2007-simulator = Se comporta como el simulador de 2007 (lo normal)
toolbar-behave-like-a-real-rcx = Se comporta como un ladrillo RCX de verdad en una mesa de verdad
toolbar-on = { $title }  ({ $robot } en { $env })
toolbar-n2-robots = { $title }  (2 robots)
toolbar-open = 📂 Abrir
toolbar-open-a-program-file-lasm = Abre un archivo de programa (.lasm de ROBOLAB o del SDK, .rcx de NQC); también puedes soltarlo sobre la ventana — Ctrl+O
toolbar-examples-2 = ⭐ Ejemplos
toolbar-load-a-ready-made-program = Carga un programa ya hecho con el robot y el suelo adecuados
toolbar-run-the-program-starts-task = Ejecuta el programa (arranca la tarea 0 si no está en marcha) — barra espaciadora
toolbar-open-a-program-first-open = Primero abre un programa (📂 Abrir, ⭐ Ejemplos, o descárgalo desde ROBOLAB o NQC)
toolbar-pause-time-stops-you-can = Pausa: el tiempo se para, pero puedes mover la cámara — barra espaciadora
toolbar-step = ⏭ Paso
toolbar-advance-the-simulation-by-one = Avanza la simulación un paso de 1 ms
toolbar-run-until-a-task-has = Avanza hasta que una tarea haya ejecutado una instrucción más
toolbar-run-until-the-running-icon = Avanza hasta que cambie el icono en marcha
toolbar-step-through-the-program-by = Recorre el programa paso a paso: un paso, una instrucción o un icono
toolbar-stop-put-the-robot-back = Parar: el robot vuelve al inicio; el programa se conserva
toolbar-slow-down-wait-10-ms = Más lento: espera 10 ms más tras cada paso de 1 ms (hasta 200 ms) y muestra cada paso; la física no cambia
toolbar-speed-up-first-undo-slow = Más rápido: primero quita la cámara lenta de 10 en 10 ms, luego 0,1×, 0,2×, 0,5×, 1×, 2×, 5×, 10×, 20×, 50× y por último lo más rápido posible
toolbar-robot-2 = Robot { $robot_label }
toolbar-choose-the-robot-asks-first = Elige el robot (pregunta antes si hay un programa en marcha)
toolbar-floor = Suelo { $env_label }
toolbar-choose-the-environment-e1-plain = Elige el entorno: E1 suelo liso, E2 paredes, E3 línea negra
toolbar-write-or-change-a-program = Escribe o cambia un programa con los iconos de ROBOLAB (no hace falta ROBOLAB) y luego descárgalo al robot
toolbar-camera-presets-f-front-b = Vistas de cámara: F frente, B detrás, T arriba, S lado, i inicial
toolbar-follow = 🎯 Seguir
toolbar-keep-the-camera-on-the = La cámara sigue al robot mientras se mueve
toolbar-top-view = Vista superior
toolbar-open-a-second-view-from = Abre una segunda vista desde arriba junto a la vista 3D
toolbar-move-robot = ✋ Mover robot
toolbar-pick-up-the-robot-drag = Coge el robot: arrástralo por el suelo con el botón izquierdo del ratón y suéltalo donde deba quedarse
toolbar-turn-the-robot-15-to = Gira el robot 15° a la izquierda sin moverse del sitio (Parar lo devuelve mirando hacia aquí)
toolbar-turn-the-robot-15-to-2 = Gira el robot 15° a la derecha sin moverse del sitio
toolbar-grid = Cuadrícula
toolbar-a-grid-on-the-floor = Una cuadrícula en el suelo: líneas finas cada 10 cm, gruesas cada metro
toolbar-soft-shadows-under-the-robot-2 = Sombras suaves bajo el robot y las cajas
toolbar-icon-above-robot = Icono sobre el robot
toolbar-show-the-running-icon-floating = Muestra flotando sobre el robot el icono en marcha
toolbar-tile = Mosaico
toolbar-cascade = Cascada
toolbar-float-the-panes-over-the-2 = Pon los paneles como ventanas flotantes sobre la vista 3D, cada una un poco más abajo
toolbar-speed-simulated-seconds-per-real = Velocidad: segundos simulados por segundo real (1× = tiempo real, máx = lo más rápido que pueda el ordenador); al moverla se acaba la cámara lenta
toolbar-slow-ms-step = lento +{ $slow } ms/paso
toolbar-slow-motion-a-pause-after = Cámara lenta: una pausa tras cada paso de 1 ms, se ven todos los pasos; pulsa Más rápido para quitarla
toolbar-of = {" "}de { $name }
toolbar-no-tcp = sin TCP
toolbar-pty-ready = {" "}· pty { $display } lista
toolbar-waiting-for-robolab-or-nqc = esperando a ROBOLAB o NQC
toolbar-n1-client-connected = 1 cliente conectado
toolbar-clients-connected = { $n } clientes conectados
toolbar-link = Enlace{ $whose }: { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download =
    ROBOLAB y NQC pueden descargar programas aquí, como a un RCX de verdad. Últimos sucesos del enlace:
    {""}
toolbar-copy-sym-txt-settings = copiar ajustes de sym.txt
toolbar-copy-the-three-lines-robolab = Copia al portapapeles las tres líneas que necesita el sym.txt de ROBOLAB (SymName, SymAddr, SymPort)
toolbar-sym-txt-settings-copied-paste = Ajustes de sym.txt copiados: pégalos en sym.txt, en la carpeta de ROBOLAB.
toolbar-link-off = Enlace{ $whose } apagado
toolbar-the-rcx-link-could-not = El enlace RCX no pudo arrancar: { $e }. Abre la aplicación con --listen DIRECCIÓN para usar otro puerto.
toolbar-link-off-2 = Enlace apagado
toolbar-no-rcx-link-in-this = No hay enlace RCX en esta ventana
toolbar-take-away-only-dropped-at = Quita solo { $name } (caída en x { $x } m, z { $z } m); las demás cajas se quedan
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } no está instalado junto a este programa
toolbar-original = original

## Lecturas, línea de tiempo y gráficas

readouts-s-of-s = { $what } { $v0 } s de { $live } s
readouts-running-at-real-time = en marcha a { $rtf }× tiempo real
readouts-starting = Arrancando…
readouts-simulated-time-since-the-start = Tiempo simulado desde el inicio (pasos de 1 ms); se ve al milisegundo en pausa, paso a paso o a cámara lenta
readouts-running-paused-in-slow-motion = En marcha, en pausa, a cámara lenta o mostrando un momento anterior de la ejecución; el factor de tiempo real son segundos simulados por segundo real durante el último segundo
readouts-robot = Robot
readouts-the-robot-model-the-environment = El modelo de robot, el entorno y el realismo (original = el simulador de 2007, ladrillo rcx = un RCX de verdad)
readouts-on = { $robot } en { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Centro del ladrillo RCX en metros (x hacia delante al empezar, z hacia la derecha) y la dirección a la que mira el robot (grados en sentido antihorario vistos desde arriba)
readouts-straight-line-distance-from-where = Distancia en línea recta desde donde empezó el robot y (entre paréntesis) la longitud del camino recorrido
readouts-motors = Motores
readouts-forward = ▶ adelante
readouts-backward = ◀ atrás
readouts-brake = ⏹ freno
readouts-float = ○ libre
readouts-output = salida { $name }
readouts-motor-output-on-direction-power = Salida de motor: encendida (sentido, nivel de potencia 0–7 y porcentaje), freno o libre (rueda suelta)
readouts-sensors = Sensores
readouts-ports-1-3 = puertos 1–3
readouts-this-robot-has-no-sensors = Este robot no tiene sensores
readouts-no-sensor = sin sensor
readouts-port = puerto { $port1 }
readouts-sensor-type-and-mode-the = Sensor: tipo y modo, el valor que lee el programa y la lectura en bruto (0–1023)
readouts-program = Programa
readouts-running-pc = en marcha · pc { $pc }
readouts-waiting-s-pc = esperando { $v0 } s · pc { $pc }
readouts-waiting-pc = esperando · pc { $pc }
readouts-stopped-pc = parada · pc { $pc }
readouts-task = tarea { $task }
readouts-a-task-of-the-program = Una tarea del programa: en marcha, esperando o parada, y la dirección de su instrucción
readouts-the-four-rcx-timers-in = Los cuatro temporizadores del RCX, en pasos de 100 ms
readouts-variables = Variables
readouts-all-32-are-0 = las 32 valen 0
readouts-the-rcx-s-32-global = Las 32 variables globales del RCX (contenedores)
readouts-var = var { $i }
readouts-a-global-variable-robolab-container = Una variable global (contenedor de ROBOLAB) que no vale 0
readouts-faults = Fallos
readouts-the-rcx-stopped-this-task = El RCX paró esta tarea por un error en el programa
readouts-replay-nothing-recorded-yet = Repetición: aún no hay nada grabado
readouts-every-run-is-recorded-once = Cada ejecución se graba; en cuanto empieza puedes volver atrás aquí
readouts-play-the-run-again-from = Vuelve a reproducir la ejecución desde el momento que se ve (desde el principio si estás al final), a la velocidad elegida; se para en el presente
readouts-the-timeline-drag-to-see = La línea de tiempo: arrástrala para ver cualquier momento de la ejecución
readouts-continue-the-simulation-from-this = Sigue la simulación desde este momento (el resto de la grabación se descarta)
readouts-leave-the-replay-and-show = Sal de la repetición y muestra la simulación tal como está ahora
readouts-sensor = sensor { $port1 }
readouts-sensor-values = Valores de los sensores
readouts-what-the-program-reads-from = Lo que lee el programa de cada sensor a lo largo del tiempo; las líneas finas marcan dónde empezó un icono
readouts-motor-power = Potencia de motores (%)
readouts-power-of-outputs-a-b = Potencia de las salidas A, B, C en porcentaje: positiva hacia delante, negativa hacia atrás, 0 con freno o libre; las líneas finas marcan dónde empezó un icono
readouts-robots = Robots
readouts-robot-link = Enlace del robot
readouts-no-link = sin enlace
readouts-add-robot = Añadir robot
readouts-put-another-robot-of-this = Pon otro robot de este modelo junto a los demás, con su propio RCX y su propio puerto de enlace (todo vuelve a empezar desde 0 s)
readouts-remove-robot = Quitar robot
readouts-take-the-chosen-robot-out = Saca del mundo el robot elegido (todo vuelve a empezar desde 0 s; los demás robots conservan sus programas)
readouts-replaying = reproduciendo
readouts-showing = mostrando
readouts-slow-motion-ms-after-each = cámara lenta: +{ $slow_delay_ms } ms tras cada paso de 1 ms
readouts-paused = en pausa
readouts-raw = { $name } · { $info }: { $value }   bruto { $raw }
readouts-robot-its-rcx-listens-on = Robot { $k1 }: { $name } ({ $model }). Su RCX escucha en { $link } (NQC, ROBOLAB o nqc -S…). ▶ su programa está en marcha, ⏹ no tiene ninguno en marcha. Haz clic para ver su ladrillo, sus lecturas, su programa y sus gráficas; el menú Robot y Archivo > Abrir actúan entonces sobre él.

## La traza del programa

trace-var = var { $rest }
trace-var-2 =
    var { $v } { $op }
    { $value }
trace-var-3 = var { $c }
trace-port = puerto { $sp }
trace-pwr = pot { $pw }
trace-task = tarea { $t }
trace-hz = { $f } Hz
trace-program = Programa
trace-no-program-yet = Todavía no hay programa.
trace-open-a-lasm-or-rcx = Abre un archivo .lasm o .rcx, suéltalo sobre la ventana, elige un ejemplo o descárgalo desde ROBOLAB o NQC.
trace-program-2 = Programa: { $name }
trace-the-icons-of-the-program = Los iconos del programa; el que está en marcha se ilumina
trace-no-icons-recognised-in-this = No se reconoce ningún icono en este programa.
trace-subroutine = Subrutina { $s }
trace-task-2 = Tarea { $task }
trace-hide-the-lasm-lines = Ocultar las líneas LASM
trace-icon = icono { $label }: { $title }
trace-running = en marcha
trace-waiting = esperando
trace-stopped = parada
trace-click-to-see-its-lasm =
    { $label } — { $title }
    { $params }
    Haz clic para ver sus líneas LASM.

## La cara del ladrillo

brick-brick-on-off = Ladrillo On-Off
brick-brick-run = Ladrillo Run
brick-brick-prgm = Ladrillo Prgm
brick-brick-view = Ladrillo View
brick-lcd-off = Pantalla apagada
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off: apaga el ladrillo (los programas se paran, las salidas quedan libres y la pantalla se borra; programas y variables se conservan) o enciéndelo de nuevo (el reloj vuelve a 00.00)
brick-run-start-the-selected-program = Run: arranca el programa elegido (su tarea 0) o páralo si está en marcha
brick-prgm-stop-the-program-and = Prgm: para el programa y elige la siguiente posición de programa (1-5)
brick-view-show-the-next-of = View: muestra en la pantalla lo siguiente: el reloj, los sensores 1-3 y las salidas A-C
brick-the-brick-s-speaker-is = El altavoz del ladrillo está mudo aquí: { $why }. `run --audio ARCHIVO.wav` guarda su sonido en un archivo.
brick-the-brick-s-beeps-and = Los pitidos y tonos del ladrillo por el altavoz de este ordenador, al ritmo del tiempo simulado: más lentos a cámara lenta, mudos en pausa y a gran velocidad (más de 2,5x)
brick-mute-speaker = Silenciar altavoz
brick-unmute-speaker = Activar altavoz
brick-lcd-program = Pantalla { $text } · programa { $program } · { $view } · { $state }
brick-the-rcx-s-display-the =
    { $line }
    La pantalla del RCX: el reloj (horas.minutos desde que se encendió), el valor de un sensor, la potencia de una salida o el número del propio programa; a la derecha la posición 1-5; el muñeco camina mientras un programa está en marcha
brick-off = apagado
brick-running = en marcha
brick-stopped = parado

## La vista 3D

view3d-remove = 🗑 Quitar { $name }
view3d-take-away-this-box-the = Quita esta caja; las demás se quedan
view3d-n3d-view-no-graphics-adapter = Vista 3D (sin tarjeta gráfica)
view3d-top-view = Vista superior
view3d-drag-the-robot-to-where = Arrastra el robot a donde deba quedarse
view3d-drag-turn-right-drag-move = arrastrar: girar · botón derecho: mover · rueda: zoom · teclas: flechas, F1–F4
view3d-box = Caja
view3d-drag-this-box-onto-the = Arrastra esta caja al suelo para poner un obstáculo en el camino del robot
view3d-drag-me = arrástrame
view3d-replay = {"  "}(repetición)
view3d-slow-ms-step = {"  "}lento +{ $slow_delay_ms } ms/paso
view3d-real-time = {"  "}{ $realtime_factor }× tiempo real
view3d-paused = {"  "}en pausa

## La ventana de archivos

files-use-this-folder = ✔ Usar esta carpeta
files-open-a-file = Abrir un archivo
files-choose-the-assignment = Elegir la tarea
files-choose-the-programs-folder = Elegir la carpeta de programas
files-choose-the-output-folder = Elegir la carpeta de resultados
files-up = ⬆ Subir
files-go-to-the-folder-above = Ir a la carpeta de arriba
files-choose-the-folder-shown-above = Elige la carpeta que se ve arriba
files-no-programs-robots-or-environments = Aquí no hay programas, robots ni entornos.
files-no-toml-files-here = Aquí no hay archivos .toml.
files-no-folders-here = Aquí no hay carpetas.
files-open-this-folder = Abrir esta carpeta
files-use-this-assignment-file = Usar este archivo de tarea
files-open-this-file-a-lasm = Abre este archivo: un programa .lasm/.rcx, un .toml de robot o entorno, o una grabación .json
files-or-type-a-path = o escribe una ruta
files-a-file-path-absolute-or = Una ruta de archivo, absoluta o relativa a la carpeta de arriba; Intro la abre
files-open = Abrir
files-choose = Elegir
files-open-the-typed-path = Abrir la ruta escrita
files-does-not-exist = { $display } no existe.
files-already-exists-replace-it = { $display } ya existe. ¿Reemplazarlo?
files-overwrite-the-existing-file = Sobrescribe el archivo que ya existe
files-keep-the-existing-file-and = Conserva el archivo que ya existe y elige otro nombre
files-save-into-this-folder = Guardar en esta carpeta
files-name = Nombre:
files-save-under-this-name-in = Guarda con este nombre en la carpeta de arriba
files-close-without-saving = Cerrar sin guardar
files-name-tip = El nombre del archivo (se añade .{ $ext } si no pones la extensión); una ruta se toma tal cual

## La ventana Evaluar

grade-grade-a-class = Evaluar una clase…
grade-grade-a-class-2 = Evaluar una clase
grade-choose-the-assignment = 📂 Elegir la tarea…
grade-choose-the-programs-folder = 📂 Elegir la carpeta de programas…
grade-choose-the-output-folder = 📂 Elegir la carpeta de resultados…
grade-assignment-file = Archivo de tarea
grade-programs-folder = Carpeta de programas
grade-output-folder = Carpeta de resultados
grade-start-grading = ▶ Empezar a evaluar
grade-copy-the-report-s-path = Copiar la ruta del informe
grade-cancel-grading = ⏹ Cancelar la evaluación
grade-open = Abrir { $run }
grade-the-assignment-toml-its-scenarios = La tarea (.toml): sus escenarios y criterios (docs/grading.md)
grade-one-program-per-pupil-alice = Un programa por alumno: alicia.rcx, bruno.lasm, carla.nqc, o una carpeta por alumno con un programa
grade-where-runs-jsonl-grades-csv = Dónde van runs.jsonl, grades.csv, junit.xml, los archivos de Gradescope y report.html (una carpeta «graded» junto a la tarea si no eliges otra)
grade-run-every-pupil-s-program = Ejecuta el programa de cada alumno en cada escenario de la tarea, en segundo plano; mientras tanto el simulador sigue funcionando
grade-stop-after-the-runs-being = Para cuando acaben las ejecuciones que se están simulando ahora; no se escribe ningún informe
grade-choose-an-assignment-and-the = Elige una tarea y los programas de los alumnos y pulsa Empezar.
grade-runs-not-ok = { $done } / { $total } ejecuciones · { $not_ok } con problemas
grade-about-s-left = {" "}· quedan unos { $left } s
grade-report = Informe:
grade-open-it-in-a-browser = Ábrelo en un navegador; grades.csv, junit.xml, runs.jsonl y gradescope/ están a su lado
grade-copy-the-report-s-path-2 = Copia la ruta del informe para pegarla en un navegador o en el explorador de archivos
grade-grading-stopped = La evaluación se detuvo: { $e }
grade-click-a-pupil-to-see = Haz clic en un alumno para ver sus ejecuciones.
grade-pupil = Alumno
grade-points = Puntos
grade-points-in-this-scenario-the = Puntos en este escenario (la media de sus semillas)
grade-status = Estado
grade-show-this-pupil-s-runs = Muestra las ejecuciones y criterios de este alumno
grade-open-this-run-in-the = Abre esta ejecución en la vista principal: el robot, el suelo y el inicio del escenario, el programa de este alumno, la semilla y el realismo de la ejecución; luego pulsa Ejecutar o Repetir
grade-pass = ✔ superado
grade-fail = ✖ no superado
grade-simulations-at-once-a-run = { $jobs } simulaciones a la vez; una ejecución tiene problemas si su programa no se cargó o no se pudo evaluar
grade-graded-runs-in-s = { $total } ejecuciones evaluadas en { $took_s } s.{ $is_empty }
grade-cancelled-after-of-runs-no = Cancelado tras { $done } de { $total } ejecuciones: no se escribió ningún informe.
grade-of = de
grade-of-points = { $student }: { $points } de { $points2 } puntos · { $status }
grade-of-points-2 = { $points } de { $points2 } puntos ·
grade-skipped = omitido

## El editor de programas

editor-program-editor = ✏ Editor de programas
editor-edit-program = ✏ Editar programa
editor-download = ⬇ Descargar
editor-run-program = ▶ Ejecutar programa
editor-stop-program = ⏹ Parar programa
editor-undo = ⟲ Deshacer
editor-redo = ⟳ Rehacer
editor-new = 📄 Nuevo
editor-save-program = 💾 Guardar programa
editor-edit-the-robot-s-program = 📥 Editar el programa del robot
editor-delete-icon = 🗑 Borrar icono
editor-task = + Tarea
editor-subroutine = + Subrutina
editor-restore-it = Recuperarlo
editor-replace-the-file = Reemplazar el archivo
editor-keep-the-file = Conservar el archivo
editor-discard-it = Descartarlo
editor-close-without-saving = Cerrar sin guardar
editor-keep-editing = Seguir editando
editor-start-a-new-program-empty = Empieza un programa nuevo: vacío o a partir de un comienzo ya hecho que puedes cambiar (Deshacer recupera el anterior)
editor-take-back-the-last-change = Deshace el último cambio — Ctrl+Z
editor-do-again-what-undo-took = Vuelve a hacer lo que Deshacer quitó — Ctrl+Y
editor-stop-the-robot-and-put = Para el robot y lo devuelve a su inicio (el programa se queda)
editor-run-the-program-the-robot = Ejecuta el programa que tiene el robot (el ▶ Ejecutar de la barra)
editor-download-a-program-first = Primero descarga un programa
editor-save-the-program-as-a = Guarda el programa como archivo: .rcx o .lasm cuando esté terminado, o un borrador (el formato propio del editor) cuando no
editor-open-the-program-the-robot = Abre aquí como iconos el programa que tiene ahora el robot (un archivo, un ejemplo o una descarga desde ROBOLAB o NQC)
editor-the-robot-has-no-program = El robot todavía no tiene programa
editor-exists-already = { $name } ya existe.
editor-write-over-it = Sobrescribirlo
editor-leave-it-choose-another-name = Déjalo; elige otro nombre en 💾 Guardar programa
editor-the-robot-still-runs-the = El robot sigue ejecutando el programa tal como lo descargaste la última vez. Tus cambios cuentan a partir del próximo ⬇ Descargar.
editor-folder = Carpeta: { $display }
editor-name = Nombre:
editor-it-comes-with-its-partner = {" "}Viene con sus iconos compañeros (un bucle con su fin, una bifurcación con su unión, un salto con su aterrizaje).
editor-add-a-strip-for-a = Añade una tira para una subrutina (la llama un icono Subrutina de una tarea)
editor-strip = Tira { $title }
editor-drag-icons-from-the-palette = Arrastra aquí iconos de la paleta
editor-click-to-set-its-modifiers =
    {""}
    Haz clic para ajustar sus modificadores; arrástralo para moverlo, o a la paleta para borrarlo.
editor-click-an-icon-to-set = Haz clic en un icono para ajustar sus modificadores (puerto, potencia, segundos, …). Tab pasa de un icono a otro, Intro edita, Supr borra.
editor-click-an-icon-to-set-2 = Haz clic en un icono para ajustar sus modificadores.
editor-take-this-icon-out-of = Quita este icono del programa — Supr
editor-modifiers-of = Modificadores de { $title }
editor-this-icon-has-no-modifiers = Este icono no tiene modificadores.
editor-port = Puerto { $port }
editor-the-motor-outputs-this-icon = Las salidas de motor que mueve este icono (una o varias de A, B, C)
editor-to = { $title }: de { $min } a { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = El código RCX en el que se convierte cada icono, tal como lo escribe ROBOLAB; la línea en marcha se ilumina
editor-this-program-cannot-compile-yet = Este programa todavía no se puede compilar; arregla los iconos marcados con ⚠:
editor-each-icon-s-code-appears = Aquí aparece el código de cada icono.
editor-restore-your-program = ¿Recuperar tu programa?
editor-open-it-in-the-program = Ábrelo en el editor de programas
editor-forget-it-and-start-with = Olvídalo y empieza con un programa vacío
editor-your-program-is-not-saved = Tu programa no está guardado
editor-the-program-editor-has-changes = El editor de programas tiene cambios que no has guardado en un archivo. Guárdalo primero (💾 Guardar programa en el editor) o cierra sin guardar.
editor-close-the-simulator-the-program = Cierra el simulador; el programa se pierde
editor-send-this-program-to-the = Envía este programa al robot ({ $editor_target }), como hace la descarga de ROBOLAB; luego pulsa ▶ Ejecutar
editor-drag-it-into-a-strip =
    { $title }
    Arrástralo a una tira, o haz clic para añadirlo detrás del icono elegido.{ $more }
editor-touch = toque
editor-light = luz
editor-to-seconds = { $title }: de { $v0 } a { $v02 } segundos
editor-the-program-editor-was-not = El editor de programas no se cerró bien la última vez. Su programa se guardó: { $summary }.
editor-name-tip = El nombre del archivo; la extensión se añade sola
editor-add-task-tip = Añade una tira para otra tarea (la arranca un icono Dividir tarea o Iniciar tarea)
editor-2nd = 2.ª

## Ayuda y Acerca de

help-how-to-use-the-simulator = Cómo usar el simulador
help-about-lurobotsim = Acerca de lurobotsim
help-turns-a-motor-on-forwards = Enciende un motor hacia delante. La letra dice qué puerto: A, B o C.
help-turns-a-motor-on-backwards = Enciende un motor hacia atrás.
help-stops-a-motor-at-once = Para un motor en seco (freno).
help-lets-a-motor-run-freely = Deja el motor suelto hasta que se pare solo.
help-waits-for-some-seconds-the = Espera unos segundos; la cuenta atrás se ve en el icono.
help-waits-until-the-touch-sensor = Espera hasta que se pulse el sensor de contacto.
help-waits-until-the-touch-sensor-2 = Espera hasta que se suelte el sensor de contacto.
help-waits-until-the-light-sensor = Espera hasta que el sensor de luz vea oscuro (por debajo de un número).
help-waits-until-the-light-sensor-2 = Espera hasta que el sensor de luz vea claro (por encima de un número).
help-waits-until-the-light-sensor-3 = Espera hasta que el sensor de luz vea más oscuro que ahora.
help-waits-until-the-light-sensor-4 = Espera hasta que el sensor de luz vea más claro que ahora.
help-waits-until-a-wheel-has = Espera hasta que una rueda haya girado lo suficiente.
help-goes-one-way-if-the = Va por un camino si el sensor de contacto está pulsado y por el otro si no.
help-goes-one-way-if-the-2 = Va por un camino si el sensor de luz ve claro y por el otro si ve oscuro.
help-where-the-two-ways-of = Donde se vuelven a juntar los dos caminos de una bifurcación.
help-jumps-to-the-land-icon = Salta al icono Aterrizar del mismo color.
help-where-a-jump-arrives = Donde llega un Salto.
help-start-of-a-part-that = Principio de una parte que se repite.
help-end-of-the-repeated-part = Fin de la parte repetida: vuelve al icono Bucle.
help-starts-a-second-line-of = Empieza una segunda fila de iconos que se ejecuta a la vez.
help-plays-one-of-the-rcx = Toca uno de los sonidos del RCX.
help-plays-a-note = Toca una nota.
help-sets-or-changes-a-number = Pone o cambia un número que el programa recuerda (un contenedor).
help-sets-a-timer-back-to = Pone un temporizador a cero.
help-tells-the-rcx-which-sensor = Le dice al RCX qué sensor hay en un puerto.
help-starts-another-task = Arranca otra tarea.
help-stops-a-task = Para una tarea.
help-runs-a-group-of-icons = Ejecuta un grupo de iconos que está en otro sitio y luego vuelve.
help-instructions-that-are-not-one = Instrucciones que no son ninguno de los iconos de ROBOLAB.
help-n1-get-a-program = 1. Consigue un programa
help-examples-gives-ready-made-programs = ⭐ Ejemplos te da programas ya hechos con el robot y el suelo adecuados.
help-open-ctrl-o-opens-a = 📂 Abrir (Ctrl+O) abre un archivo .lasm o .rcx; también puedes soltar un archivo sobre la ventana.
help-or-download-from-robolab-or = O descárgalo desde ROBOLAB o NQC, como a un RCX de verdad (mira más abajo).
help-or-write-your-own-with = O escribe el tuyo con ✏ Editar programa: arrastra los iconos de ROBOLAB de la paleta a la tira, haz clic en un icono para ajustar sus puertos, potencia o segundos, y luego ⬇ Descargar y ▶ Ejecutar programa. Deshacer (Ctrl+Z) quita cualquier cambio; tu programa se guarda solo.
help-n2-run-it = 2. Ejecútalo
help-run-starts-the-program-pause = ▶ Ejecutar arranca el programa. ⏸ Pausa para el reloj; ▶ Ejecutar sigue desde ahí. La barra espaciadora hace las dos cosas.
help-stop-puts-the-robot-back = ⏹ Parar devuelve el robot a donde empezó; el programa y tus cajas se quedan.
help-on-the-right-the-program = A la derecha, los iconos del programa: el que está en marcha se ilumina en amarillo. Haz clic en un icono para ver sus instrucciones.
help-n3-watch-it-slowly = 3. Míralo despacio
help-slower-every-click-waits-10 = 🐢 Más lento: cada clic espera 10 ms más tras cada paso de 1 ms (hasta 200 ms), así puedes seguir cada icono. 🐇 Más rápido lo deshace y luego va más deprisa.
help-the-speed-slider-0-1 = El control de velocidad: 0,1× es diez veces más lento que en la realidad, 1× es tiempo real, máx es lo más rápido que pueda el ordenador.
help-step-one-millisecond-one-instruction = ⏭ Paso: un milisegundo, una instrucción o hasta que se ilumine el siguiente icono. Entonces el reloj muestra milisegundos.
help-n4-look-back = 4. Mira atrás
help-drag-the-timeline-under-the = Arrastra la línea de tiempo bajo la vista 3D para ver cualquier momento anterior.
help-replay-plays-the-run-again = ⟲ Repetir vuelve a reproducir la ejecución desde ahí; ⏵ Seguir desde aquí continúa desde ese momento; En directo vuelve al ahora.
help-n5-change-the-world = 5. Cambia el mundo
help-pick-another-robot-m1-m5 = Elige otro robot (M1–M5) u otro suelo (E1–E3) en la barra. Arrastra la Caja roja al suelo para poner un obstáculo en el camino; el menú Entorno quita las cajas otra vez, todas o una, y con clic derecho en una caja puedes quitar solo esa. Realismo: original se comporta como el simulador de 2007, ladrillo rcx como un RCX de verdad (firmware más lento, motores que se frenan con la carga).
help-move-robot-drag-the-robot = ✋ Mover robot: arrastra el robot a otro sitio; los botones Girar cambian hacia dónde mira.
help-the-rcx-itself = El propio RCX
help-at-the-top-of-the = Arriba en las lecturas, el ladrillo amarillo: su pantalla muestra el reloj (horas.minutos desde que se encendió), el valor de un sensor, la potencia de una salida o el número del propio programa, la posición de programa 1-5 a la derecha y un muñeco que camina mientras un programa está en marcha.
help-click-its-buttons-as-on = Pulsa sus botones como en un ladrillo de verdad: View muestra el siguiente sensor o motor, Prgm elige la siguiente posición de programa, Run arranca o para el programa elegido, On-Off apaga y enciende el ladrillo (los programas se conservan).
help-its-beeps-and-tunes-play = Sus pitidos y melodías suenan por el altavoz de este ordenador, más lentos a cámara lenta y mudos en pausa; Silenciar altavoz los apaga.
help-connecting-robolab = Conectar ROBOLAB
help-press-copy-sym-txt-settings = Pulsa «copiar ajustes de sym.txt» en la barra de estado y pega las líneas en el archivo sym.txt de la carpeta de ROBOLAB.
help-in-robolab-choose-the-simulator = En ROBOLAB elige el simulador (LegoSim) como puerto y pulsa la flecha blanca: el programa aparece aquí y se pone en marcha.
help-connecting-nqc = Conectar NQC
help-nqc-4-x-downloads-straight = NQC 4.x descarga directamente por TCP: nqc -TRCX2 -Stcp:localhost:4266 -d programa.nqc -run
help-older-nqc-speaks-only-to = Los NQC antiguos solo hablan con un puerto serie: abre el simulador con --pty /tmp/rcx y luego nqc -TRCX2 -S/tmp/rcx -d programa.nqc
help-on-windows-there-is-no = En Windows no hay pseudoterminal (--pty): usa NQC 4.x por TCP como arriba.
help-or-compile-nqc-trcx2-oprogram = O compila: nqc -TRCX2 -Oprograma.rcx programa.nqc, y abre aquí programa.rcx.
help-mouse-and-keys = Ratón y teclas
help-left-drag-turns-the-camera = Arrastrar con el botón izquierdo gira la cámara, la rueda hace zoom y el botón derecho la mueve. Los botones de vista F, B, T, S, i saltan a una vista.
help-arrows-move-the-camera-f1 = Las flechas mueven la cámara, F1/F2 la bajan/suben, F3/F4 la giran. Espacio: ejecutar o pausar. Ctrl+O: abrir un archivo.
help-what-the-icons-mean = Qué significan los iconos
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = Un simulador para programas de LEGO MINDSTORMS RCX: prueba programas de ROBOLAB y NQC en robots virtuales y mira cómo se ilumina cada icono mientras se ejecuta.
help-a-rust-port-of-lurobotsim = Una versión en Rust de LURobotSim.

## Ejemplos, robots y suelos

example-motor-2s = Motor 2 segundos
example-motor-2s-tip = Los dos motores hacia delante 2 segundos y luego parar (robot M4, suelo liso E1). El robot de verdad recorrió 1,05 m.
example-touch = Tocar la pared
example-touch-tip = Avanza hasta que el sensor de contacto choca con la pared, para 1 s y retrocede 2 s (robot M2, suelo con pared E2)
example-line-follower = Seguidor de línea
example-line-follower-tip = Avanza hasta la línea negra y luego sigue su borde con el sensor de luz (robot M5, suelo con línea E3)
example-wait-for-darker = Esperar a más oscuro
example-wait-for-darker-tip = Avanza hasta que el suelo sea más oscuro que al empezar (robot M5, suelo con línea E3); el simulador original no podía ejecutar este
example-task-split = Dividir tarea
example-task-split-tip = Dos tareas a la vez: una conduce y la otra pita (robot M3, suelo liso E1)
scene-ir-master-slave = IR: maestro y esclavo
scene-ir-master-slave-tip = Dos M4: el maestro envía «adelante», «atrás», «parar» por infrarrojos cada dos segundos; el esclavo obedece (escena: dos robots, cada uno con su RCX)
scene-ir-elect = IR: elegir un líder
scene-ir-elect-tip = Dos M4 ejecutan un mismo programa: cada uno espera un tiempo al azar y reclama el mando por infrarrojos; el ladrillo que oye antes una reclamación obedece. El líder avanza un segundo (escena: dos robots)
robot-m1 = Un motor (A), una rueda delantera motriz, sin sensor
robot-m2 = M1 con un sensor de contacto delante (puerto 1)
robot-m3 = Dos motores (A, C) y una rueda loca detrás
robot-m4 = Dos motores (A, C) y cuatro ruedas
robot-m5 = M3 con un sensor de luz mirando al suelo (puerto 1)
env-e1 = Un suelo liso y vacío
env-e2 = Un suelo con una pared alrededor (para el sensor de contacto)
env-e3 = Un suelo blanco con una línea negra cuadrada (para el sensor de luz)

## Nombres que el núcleo guarda en inglés (iconos como en ROBOLAB)

icon-motor-forward = Motor adelante
icon-motor-backward = Motor atrás
icon-stop-motor = Parar motor
icon-float-motor = Motor libre
icon-wait-for-time = Esperar tiempo
icon-wait-for-push = Esperar pulsación
icon-wait-for-let-go = Esperar soltar
icon-wait-for-dark = Esperar oscuro
icon-wait-for-light = Esperar claro
icon-wait-for-darker = Esperar más oscuro
icon-wait-for-lighter = Esperar más claro
icon-wait-for-rotation = Esperar rotación
icon-touch-sensor-fork = Bifurcación de contacto
icon-light-sensor-fork = Bifurcación de luz
icon-fork-merge = Unión de bifurcación
icon-jump = Saltar
icon-land = Aterrizar
icon-loop = Bucle
icon-end-of-loop = Fin de bucle
icon-task-split = Dividir tarea
icon-play-sound = Tocar sonido
icon-play-tone = Tocar nota
icon-container = Contenedor
icon-reset-timer = Reiniciar temporizador
icon-sensor-setup = Configurar sensor
icon-start-task = Iniciar tarea
icon-stop-task = Parar tarea
icon-subroutine = Subrutina
icon-instructions = Instrucciones
group-outputs = Salidas
group-wait-for = Esperar
group-structures = Estructuras
group-sensors-and-timers = Sensores y temporizadores
group-tasks-and-subroutines = Tareas y subrutinas
group-sounds-and-tones = Sonidos y notas
group-containers = Contenedores
group-other = Otros
param-ports = Puertos
param-power-level = Potencia
param-seconds = Segundos
param-sensor-port = Puerto del sensor
param-threshold = Umbral
param-change = Cambio
param-count = Veces
param-until = Hasta
param-frequency-hz = Frecuencia (Hz)
param-duration-s = Duración (s)
param-sound = Sonido
param-container = Contenedor
param-operation = Operación
param-value = Valor
param-task = Tarea
param-subroutine = Subrutina
param-timer = Temporizador
param-label = Etiqueta
icon-loop-a-number-of-times = Repetir unas veces
icon-loop-forever = Repetir siempre
icon-loop-until-touch = Repetir hasta contacto
icon-loop-until-light = Repetir hasta luz
icon-second-branch = Segunda rama
choice-released = suelto
choice-pressed = pulsado
choice-light = claro
choice-dark = oscuro
choice-fill = poner
choice-add = sumar
choice-subtract = restar
choice-multiply = multiplicar
choice-divide = dividir
choice-click = clic
choice-double-beep = doble pitido
choice-sweep-down = barrido abajo
choice-sweep-up = barrido arriba
choice-error-buzz = zumbido de error
choice-fast-sweep-up = barrido rápido arriba

## Mensajes y errores de la aplicación

app-audio-the-brick-s-speaker-is = El altavoz del ladrillo está mudo: { $why }
app-audio-the-sound-output-stopped = la salida de sonido se detuvo
app-audio-cannot-start-the-sound-thread = no se puede arrancar el hilo de sonido: { $e }
app-audio-sound-output-is-built-for = la salida de sonido solo existe en Linux y Windows (usa `run --audio ARCHIVO.wav`)
app-audio-this-browser-has-no-web = este navegador no tiene Web Audio ({ $e })
app-audio-libasound-has-no = libasound no tiene { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = la biblioteca de sonido ALSA (libasound.so.2) no está instalada
app-audio-no-sound-card = no hay tarjeta de sonido
app-audio-no-sound-device = no hay dispositivo de sonido
app-audio-the-sound-device-refused-16 = el dispositivo de sonido no acepta mono de 16 bits a 44,1 kHz
app-audio-the-sound-device-refused-16-2 = el dispositivo de sonido no acepta mono de 16 bits a 44,1 kHz (error { $r } de waveOutOpen)
app-connection-robolab-transfer-complete-running-task = { $who }Transferencia de ROBOLAB completa: en marcha la tarea 0.
app-connection-the-host-started-task = { $who }El ordenador arrancó la tarea { $task }.
app-connection-connected = { $who }{ $peer } conectado.
app-connection-link = { $who }Enlace: { $e }
app-connection-rcx-link-of-robot-it = Enlace RCX del robot { $k1 }: { $e }. Funciona sin él.
app-connection-no-link = sin enlace: { $e }
app-connection-port = puerto { $port }
app-editor-empty-program = Programa vacío
app-editor-one-motor-for-a-time = Un motor un rato
app-editor-two-motors-then-wait = Dos motores y esperar
app-editor-line-follower-skeleton = Seguidor de línea (esqueleto)
app-editor-task-0-with-no-icons = Tarea 0 sin iconos: arrastra iconos desde la paleta
app-editor-motor-a-forward-wait-2 = Motor A adelante, esperar 2 s, parar A (ROBOLAB Piloto 1)
app-editor-motors-a-and-c-forward = Motores A y C adelante, esperar 2 s, parar los dos (ROBOLAB Piloto 2); para los robots M3–M5
app-editor-drive-until-the-light-sensor = Avanza hasta que el sensor de luz del puerto 1 vea la línea negra y luego sigue su borde para siempre: en oscuro gira con C, en claro vuelve con A (robot M5, suelo E3)
app-editor-save-as-rcx-finished-program = Guardar como .rcx (programa terminado)
app-editor-save-as-lasm-finished-program = Guardar como .lasm (programa terminado)
app-editor-save-as-a-draft-icons = Guardar como borrador (.icons, puede estar sin terminar)
app-editor-the-program-as-a-brick = El programa como imagen del ladrillo: funciona aquí (Archivo > Abrir, run --program), en las herramientas de NQC y en un RCX de verdad
app-editor-the-program-as-robolab-s = El programa como texto LASM de ROBOLAB: se puede leer y funciona aquí y en el SDK
app-editor-the-icons-as-the-editor = Los iconos en el pequeño formato de texto del editor: guarda un programa que aún no compila (una bifurcación sin su unión); vuelve a abrirlo aquí
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } icono
       *[other] { $icons } iconos
    } en { $len ->
        [one] { $len } tira
       *[other] { $len } tiras
    }
app-editor-the-autosaved-program-could-not = No se pudo leer el programa guardado automáticamente (línea { $line }: { $message }).
app-editor-autosave-failed = Falló el guardado automático: { $e }
app-editor-kept-as-it-is-it = { $label } (se queda tal cual: se puede mover o borrar, no editar)
app-editor-task = Tarea { $t }
app-editor-subroutine = Subrutina { $s }
app-editor-pwr = pot { $v }
app-editor-by = en { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = pulsado
app-editor-released = suelto
app-editor-var = var { $v }
app-editor-sound = sonido { $v }
app-editor-bytes = { $code } bytes
app-editor-new-program-undo-brings-the = Programa nuevo: { $title }. Deshacer recupera el anterior.
app-editor-your-program-is-back-save = Tu programa ha vuelto. Guárdalo (💾 Guardar programa) para tenerlo como archivo.
app-editor-opened-the-draft-as-icons = Borrador { $name } abierto como iconos.
app-editor-cannot-open-the-draft = No se puede abrir el borrador { $name }:{ $line }: { $message }
app-editor-the-robot-has-no-program = El robot todavía no tiene programa: empieza con Nuevo o arrastra iconos.
app-editor-part-s-robolab-has-no = {" "}{ $generic } parte(s) sin icono en ROBOLAB se quedan tal cual (iconos grises «Instrucciones»): puedes moverlas o borrarlas, pero no editarlas.
app-editor-opened-as-icons = { $name } abierto como iconos.{ $more }
app-editor-nothing-to-download-yet-drag = Todavía no hay nada que descargar: arrastra iconos de la paleta a la Tarea 0.
app-editor-download-refused = Descarga rechazada: { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Descarga rechazada: el programa no se puede compilar.
app-editor-downloaded-to-the-old-program = Descargado en { $robot }: el programa anterior se paró. Pulsa ▶ Ejecutar para arrancar el nuevo.
app-editor-downloaded-to-press-run-to = Descargado en { $robot }. Pulsa ▶ Ejecutar para arrancarlo.
app-editor-strip = tira { $strip1 }
app-editor-icon = { $strip_title }, icono { $i1 } ({ $title })
app-editor-type-a-name-for-the = Primero escribe un nombre para el archivo.
app-editor-it-cannot-compile-yet-save = todavía no se puede compilar ({ $reason }); guárdalo como borrador
app-editor-saved = Guardado { $display }.
app-editor-not-saved = No guardado: { $e }
app-editor-task-0-starts-when-you = La tarea 0 arranca cuando pulsas Ejecutar
app-editor-a-subroutine-a-subroutine-icon = Una subrutina: la ejecuta un icono Subrutina
app-editor-running = en marcha
app-editor-waiting = esperando
app-editor-icon-2 = { $title }, icono { $i1 }: { $label }
app-files-save-the-recording-as = Guardar la grabación como
app-files-export-the-trace-as = Exportar la traza como
app-files-save-the-screenshot-as = Guardar la captura como
app-files-cannot-open-the-recording = No se puede abrir la grabación: { $e }
app-files-recording-2 = Grabación { $display }: { $e }
app-files-opening-the-recording = Abriendo la grabación { $display }…
app-files-scene = Escena: { $e }
app-files-recording-saved-as = Grabación guardada como { $display }.
app-files-cannot-save-the-recording = No se puede guardar la grabación: { $e }
app-files-trace-saved-as-rows-s = Traza guardada como { $display } ({ $rows } filas, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = No se puede exportar la traza: { $e }
app-files-recording-loaded-press-replay-drag = Grabación cargada: pulsa Repetir, arrastra la línea de tiempo o sigue desde cualquier momento.
app-files-type-a-file-name-to = Escribe un nombre de archivo para guardar.
app-files-is-a-folder-type-a = { $display } es una carpeta; escribe un nombre de archivo.
app-files-screenshot-saved-as = Captura guardada como { $display }.
app-files-screenshot-2 = Captura: { $e }
app-files-screenshot-the-picture-was-not = Captura: no se hizo la foto.
app-files-cannot-open-the-program = No se puede abrir el programa: { $e }
app-files-cannot-open-the-program-2 = No se puede abrir el programa: { $message }
app-files-cannot-download = no se puede descargar { $name }: { $e }
app-files-cannot-write = no se puede escribir { $display }: { $e }
app-files-the-screenshot-had-a-wrong = la captura tenía un tamaño equivocado
app-files-cannot-encode = no se puede codificar { $display }: { $e }
app-program-raw = { $a }: bruto { $codea }
app-shot-the-window-never-produced-a = la ventana nunca dio un fotograma que capturar
app-world-robot-file = Archivo de robot: { $e }
app-world-environment-file = Archivo de entorno: { $e }
app-world-example = Ejemplo: { $title }
app-world-example-2 = Ejemplo { $file }: { $err }
app-world-cannot-open-the-draft = No se puede abrir el borrador: { $e }
app-world-cannot-open-the-program = No se puede abrir el programa: { $message }
app-world-loaded-icon-s-in-strip = { $name } cargado: { $len ->
        [one] { $len } icono
       *[other] { $len } iconos
    } en { $len2 ->
        [one] { $len2 } tira
       *[other] { $len2 } tiras
    }.
app-world-the-last-robot-stays-a = El último robot se queda: un mundo necesita uno.
app-world-try-another-robot-robot-menu = { $w } Prueba otro robot (menú Robot).
app-robot-file-using-m1-instead = Archivo de robot: { $e }. Se usa M1 en su lugar.
app-environment-file-using-e1-instead = Archivo de entorno: { $e }. Se usa E1 en su lugar.
app-scene-showing-one-robot-instead = Escena: { $e }. Se muestra un solo robot.
app-cannot-build-the-world = no se puede construir el mundo: { $e }
app-the-world-has-no-robot = el mundo no tiene robot
app-rcx-link-the-simulator-works = Enlace RCX: { $e }. El simulador funciona sin él.
app-no-program-loaded-yet-open = Todavía no hay ningún programa: abre uno (Archivo > Abrir) o elige un ejemplo.
app-scene-robots-pick-one-under = Escena { $file }: { $len } robots. Elige uno en Robots para ver su ladrillo; Ejecutar arranca el programa de todos.
app-s-program = programa de { $name }
app-downloaded-program = programa descargado
app-new-program-received-icon-s = Programa nuevo recibido: { $len ->
        [one] { $len } icono
       *[other] { $len } iconos
    }.
app-program-fault = Fallo del programa { $f }
msg-language-not-remembered = No se pudo guardar el idioma para la próxima vez: { $error }
app-grade-not-in-a-browser = Evaluar una clase lee una carpeta de programas y escribe una carpeta de informes, y una pestaña del navegador no puede hacerlo: evalúa en la aplicación de escritorio (Archivo > Evaluar una clase…) o con `lurobotsim grade`. Aquí, abre el programa de un alumno con Archivo > Abrir… y ejecútalo.
app-grade-choose-first = Primero elige un archivo de tarea y una carpeta de programas.
app-grade-cannot-use-assignment = No se puede usar la tarea: { $e }
app-grade-programs-folder = Carpeta de programas { $e }
app-grade-cannot-start = No se puede empezar a evaluar: { $e }
app-grade-grading = Evaluando { $name }: { $runs } ejecuciones ({ $pupils } alumnos), { $jobs } a la vez, en { $out }.
app-grade-opened-run = Abierta { $id }: { $robot } en { $env }, { $name } cargado (semilla { $seed }, realismo { $realism }). { $then }
app-grade-press-the-brick = En este escenario el evaluador pulsó los botones del ladrillo: púlsalos en el ladrillo.
app-grade-press-run = Pulsa Ejecutar.
app-share-program-not-opened = No se pudo abrir el programa del enlace: { $e }
app-grade-graded = { $runs } ejecuciones evaluadas en { $secs } s ({ $not_ok } con problemas); informes en { $out }.
app-grade-graded-with-errors = Evaluado, pero { $count ->
        [one] { $count } ejecución no se pudo evaluar
       *[other] { $count } ejecuciones no se pudieron evaluar
    }: { $errors }
app-grade-cancelled = Evaluación cancelada tras { $done } de { $runs } ejecuciones; no se escribió nada en { $out }.
app-grade-stopped = La evaluación se detuvo: { $out }: { $e }
app-share-link-not-opened = Este enlace no se pudo abrir ({ $e }); se muestra lo normal.

## Challenges

challenge-open-challenge = Abrir reto…
challenge-challenges = Retos
challenge-grade-all-seeds = Evaluar todas las semillas
challenge-close-challenge = Cerrar reto
challenge-this-challenge-cannot-be-opened = Este reto no se puede abrir
challenge-result = Resultado:
challenge-path-trail = Rastro del camino
challenge-trail = Rastro
challenge-challenge = Reto: { $name }
challenge-failed-at-s = ✖ { $task } — falló a los { $v0 } s
challenge-of-points = { $result } { $points } de { $points2 } puntos
challenge-all-seeds-of-points-as = Todas las semillas: { $points } de { $points2 } puntos (como lo da la nota del profesor)
challenge-no-built-in-challenges-in = Esta versión no trae retos.
challenge-open-this-challenge-its-robot = Abre este reto: su robot, su suelo, su inicio y lo que hay que hacer
challenge-this-challenge-needs-files-beside = Este reto necesita archivos a su lado (varios robots): ábrelo en la aplicación de escritorio
challenge-open-a-challenge-file-toml = Abre un archivo de reto (.toml, como escribe un profesor una tarea): su robot, su suelo, su inicio y lo que hay que hacer
challenge-robot-on-s-seed = Robot { $robot_label } en { $env_label } · { $end_ms } s · semilla { $seed }
challenge-open-your-program-file-open = Abre tu programa (Archivo > Abrir) y pulsa ▶ Ejecutar.
challenge-criterion = criterio { $id }
challenge-hide-this-panel-the-robot = Oculta este panel; el robot y el suelo se quedan
challenge-your-program-could-not-be = No se pudo cargar tu programa: { $e }
challenge-every-criterion-passed-well-done = Has superado todos los criterios. ¡Muy bien!
challenge-show-this-moment-of-the = Muestra este momento de la ejecución
challenge-all-seeds-runs = Todas las semillas: { $done } / { $total } ejecuciones
challenge-all-seeds = Todas las semillas: { $e }
challenge-run-your-program-on-all = Ejecuta tu programa en los { $seeds } inicios que evalúa el profesor, en segundo plano, y súmalo como lo hace su nota
challenge-open-your-program-first = Primero abre tu programa
challenge-goal = meta
challenge-keep-out = prohibido
app-challenge-no-scenario = { $file }: no hay escenario { $k }
app-challenge-the-run-has-no-goal = la ejecución no tiene objetivo
app-challenge-cannot-open-the-challenge = No se puede abrir el reto: { $e }
app-challenge-challenge-on-s-open-your = Reto «{ $name }»: { $label_of } en { $label_of2 }, { $v0 } s. Abre tu programa (Archivo > Abrir) y pulsa Ejecutar.
app-challenge-open-your-program-first-file = Primero abre tu programa (Archivo > Abrir).
app-challenge-cannot-grade-the-seeds = No se pueden evaluar las semillas: { $e }
app-challenge-the-grading-thread-stopped = el hilo de evaluación se detuvo
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } punto
       *[other] { $points } puntos
    }
files-open-a-challenge = Abrir un reto
files-open-this-challenge = Abrir este reto
main-a-program-is-running-challenge = Hay un programa en marcha. Todos los robots de este mundo se van y el robot, el suelo y el inicio del reto ocupan su lugar; después abre tu programa para él.
main-open-the-challenge = ¿Abrir el reto { $name }?
toolbar-challenges-tip = Tareas que resolver con un programa: llegar a un sitio, evitar otro, seguir una línea; cada una dice cómo se puntúa
toolbar-trail-tip = Dibuja por dónde ha pasado el robot como una línea naranja en el suelo (pálida después del momento que se ve); Parar la borra
toolbar-trail-short-tip = Dibuja por dónde ha pasado el robot como una línea naranja en el suelo; Parar la borra
