# lurobotsim — português. As mesmas chaves que en.ftl (um teste verifica).

test-seconds = { $secs ->
    [one] { $secs } segundo
   *[other] { $secs } segundos
}

## A janela, a barra de estado e os diálogos

main-run = ▶ Executar
main-pause = ⏸ Pausa
main-step-1-ms = Passo de 1 ms
main-step-instruction = Passo: instrução
main-step-icon = Passo: ícone
main-slower = 🐢 Mais devagar
main-faster = 🐇 Mais rápido
main-stop = ⏹ Parar
main-replay = ⟲ Repetir
main-resume-from-here = ⏵ Continuar daqui
main-live = Ao vivo
main-turn-left-15 = Virar 15° à esq.
main-turn-right-15 = Virar 15° à dir.
main-ok = OK
main-cancel = Cancelar
main-save-recording = 💾 Guardar gravação…
main-export-trace-as-csv = 💾 Exportar registo em CSV…
main-save-a-screenshot = 📷 Guardar uma captura…
main-save = 💾 Guardar
main-replace = Substituir
main-tile-windows = Janelas lado a lado
main-cascade-windows = Janelas em cascata
main-readouts = Leituras
main-program-trace = Percurso do programa
main-plots = Gráficos
main-the-newest-message-all-of = A mensagem mais recente; todas estão em Ver > Mensagens
main-ready = Pronto.
main-messages-about-files-downloads-and = Aqui aparecem as mensagens sobre ficheiros, transferências e falhas do programa
main-this-program-cannot-be-opened = Este programa não pode ser aberto
main-this-assignment-cannot-be-used = Esta tarefa não pode ser usada
main-line-of = Linha { $line } de { $file }:
main-correct-the-red-line-of = Corrige a linha vermelha do ficheiro, guarda-o e carrega outra vez em Começar (docs/grading.md explica cada chave).
main-check-the-spelling-of-the = Verifica como está escrita a instrução da linha vermelha e os seus números, guarda o ficheiro e abre-o de novo.
main-change-the-robot-to = Mudar o robô para { $r }?
main-change-the-environment-to = Mudar o ambiente para { $e }?
main-change-the-realism-to = Mudar o realismo para { $realism_name }?
main-a-program-is-running-it = Há um programa a correr. Vai parar, o programa do exemplo fica no seu lugar e o robô volta ao início.
main-a-program-is-running-every = Há um programa a correr. Todos os robôs deste mundo saem e os robôs e programas da cena ficam no seu lugar.
main-a-program-is-running-every-2 = Há um programa a correr. Todos os robôs deste mundo saem e o robô, o chão e o programa da execução ficam no seu lugar.
main-a-program-is-running-it-2 = Há um programa a correr. Vai parar e o robô volta ao início. O programa fica guardado.
main-yes-change-it-now = Sim, mudar agora
main-no-keep-the-program-running = Não, deixar o programa a correr
main-messages = Mensagens
main-clear = Limpar
main-forget-all-messages = Esquecer todas as mensagens
main-open-the-scene = Abrir a cena { $file_name }?
main-open-the-graded-run = Abrir a execução avaliada { $gradingas_ref }?
main-load-the-example = Carregar o exemplo «{ $examplesget }»?

## Menus e barra de ferramentas

toolbar-copy-link-to-this-run = 🔗 Copiar ligação para esta execução
toolbar-file = Ficheiro
toolbar-open-a-program-robot-environment = 📂 Abrir um programa, robô, ambiente ou gravação…
toolbar-open-a-lasm-or-rcx = Abre um programa .lasm ou .rcx, um ficheiro .toml de robô ou de ambiente, ou uma gravação .json. Também podes largar um ficheiro em cima da janela.
toolbar-grade-every-pupil-s-program = Avalia em segundo plano o programa de cada aluno segundo uma tarefa (cenários e critérios), vê a tabela da turma e abre aqui a execução de qualquer aluno
toolbar-save-the-run-so-far = Guarda a execução até agora como ficheiro de repetição (.json); abre-o mais tarde para a ver ou continuar a partir de qualquer momento. Tu escolhes a pasta e o nome.
toolbar-save-time-pose-motor-powers = Guarda o tempo, a posição, a potência dos motores, os valores dos sensores e o ícone em curso (uma linha a cada 50 ms) num ficheiro CSV para uma folha de cálculo. Tu escolhes a pasta e o nome.
toolbar-take-a-picture-of-the = Tira agora uma fotografia de toda a janela e depois escolhe onde a guardar em PNG
toolbar-copy-a-link-that-opens = Copia uma ligação que abre esta execução (robô, chão, realismo, bateria, início e programa) num navegador. O programa vai dentro da própria ligação, sem passar por nenhum servidor.
toolbar-link-copied-characters-paste-it = Ligação copiada ({ $len } caracteres): cola-a para partilhar esta execução.
toolbar-quit = Sair
toolbar-close-the-simulator = Fechar o simulador
toolbar-open-programs-export-the-trace = Abrir programas, exportar o registo, capturas
toolbar-run = Execução
toolbar-run-pause-step-slow-down = Executar, pausar, andar passo a passo, ir mais devagar ou mais rápido (também na barra)
toolbar-robot = Robô
toolbar-choose-the-robot-model = Escolhe o modelo de robô
toolbar-environment = Ambiente
toolbar-choose-the-floor-and-walls = Escolhe o chão e as paredes
toolbar-examples = Exemplos
toolbar-ready-made-robolab-programs-one = Programas de ROBOLAB já feitos, a um clique
toolbar-view = Ver
toolbar-n10-cm-grid = Grelha de 10 cm
toolbar-show-a-grid-on-the = Mostra uma grelha no chão: linhas finas a cada 10 cm, grossas a cada metro
toolbar-shadows = Sombras
toolbar-soft-shadows-under-the-robot = Sombras suaves por baixo do robô e das caixas, para veres que estão pousados no chão
toolbar-follow-the-robot = Seguir o robô
toolbar-keep-the-camera-pointed-at = A câmara continua virada para o robô enquanto ele anda
toolbar-second-view-top = Segunda vista (de cima)
toolbar-show-a-top-view-beside = Mostra uma vista de cima ao lado da vista 3D
toolbar-running-icon-above-the-robot = Ícone em curso por cima do robô
toolbar-show-the-icon-that-is = Mostra a flutuar por cima do robô o ícone que está a correr
toolbar-messages = Mensagens…
toolbar-show-all-messages-errors-downloads = Mostra todas as mensagens (erros, transferências, falhas)
toolbar-what-the-3d-view-shows = O que a vista 3D mostra
toolbar-language = Idioma
toolbar-language-tip = O idioma da janela; muda logo, a execução continua e fica lembrado para a próxima vez
toolbar-window = Janela
toolbar-arrange-the-panes-around-the = Arruma os painéis à volta da vista 3D, ou fecha-os e volta a abri-los
toolbar-help = Ajuda
toolbar-what-the-icons-mean-how = O que querem dizer os ícones; como executar, abrandar, andar passo a passo e repetir; ligar o ROBOLAB e o NQC
toolbar-the-version-of-this-simulator = A versão deste simulador
toolbar-how-to-use-the-simulator = Como usar o simulador
toolbar-stop-the-clock = Parar o relógio
toolbar-run-the-program = Executar o programa
toolbar-space = Espaço
toolbar-dock-the-panes-around-the = Encaixa os painéis à volta da vista 3D, lado a lado
toolbar-float-the-panes-over-the = Põe os painéis a flutuar como janelas por cima da vista 3D, cada uma um pouco mais abaixo; podes arrastá-las, mudar o tamanho e fechá-las
toolbar-the-clock-robot-motor-sensor = As leituras do relógio, do robô, dos motores, dos sensores e do programa
toolbar-the-program-s-icons-with = Os ícones do programa, com o que está a correr aceso
toolbar-sensor-values-and-motor-power = Valores dos sensores e potência dos motores ao longo do tempo
toolbar-use-robot = Usar o robô { $name }: { $tip }
toolbar-robot-file = Ficheiro de robô…
toolbar-use-your-own-robot-description = Usa a tua própria descrição de robô (.toml)
toolbar-use-environment = Usar o ambiente { $name }: { $tip }
toolbar-remove-dropped-boxes = Tirar as caixas
toolbar-take-away-the-boxes-you = Tira as caixas que largaste no chão
toolbar-remove = 🗑 Tirar { $name }
toolbar-environment-file = Ficheiro de ambiente…
toolbar-use-your-own-environment-description = Usa a tua própria descrição de ambiente (.toml)
toolbar-how-real-the-brick-behaves = Quão real é o comportamento do bloco: original = o simulador de 2007 (cada tarefa executa uma instrução por ms, motores ideais); bloco rcx = um RCX a sério (cerca de 300 instruções por segundo repartidas por todas as tarefas, potências como PWM em motores de corrente contínua que abrandam com a carga, travão sem binário de retenção). Ao escolher um, o robô volta ao seu início; o programa fica
toolbar-realism = Realismo: { $realism_name }
toolbar-rcx-brick = bloco rcx
toolbar-behave-like-the-2007-simulator = Comporta-se como o simulador de 2007 (o normal)
toolbar-behave-like-a-real-rcx = Comporta-se como um bloco RCX a sério numa mesa a sério
toolbar-on = { $title }  ({ $robot } em { $env })
toolbar-n2-robots = { $title }  (2 robôs)
toolbar-open = 📂 Abrir
toolbar-open-a-program-file-lasm = Abre um ficheiro de programa (.lasm do ROBOLAB ou do SDK, .rcx do NQC); também o podes largar em cima da janela — Ctrl+O
toolbar-examples-2 = ⭐ Exemplos
toolbar-load-a-ready-made-program = Carrega um programa já feito com o robô e o chão certos
toolbar-run-the-program-starts-task = Executa o programa (arranca a tarefa 0 se não estiver a correr) — barra de espaço
toolbar-open-a-program-first-open = Primeiro abre um programa (📂 Abrir, ⭐ Exemplos, ou transfere um do ROBOLAB ou do NQC)
toolbar-pause-time-stops-you-can = Pausa: o tempo para, mas podes mexer a câmara — barra de espaço
toolbar-step = ⏭ Passo
toolbar-advance-the-simulation-by-one = Avança a simulação um passo de 1 ms
toolbar-run-until-a-task-has = Avança até uma tarefa ter executado mais uma instrução
toolbar-run-until-the-running-icon = Avança até mudar o ícone em curso
toolbar-step-through-the-program-by = Percorre o programa passo a passo: um passo, uma instrução ou um ícone
toolbar-stop-put-the-robot-back = Parar: o robô volta ao início; o programa fica
toolbar-slow-down-wait-10-ms = Mais devagar: espera mais 10 ms depois de cada passo de 1 ms (até 200 ms) e mostra cada passo; a física não muda
toolbar-speed-up-first-undo-slow = Mais rápido: primeiro tira a câmara lenta de 10 em 10 ms, depois 0,1×, 0,2×, 0,5×, 1×, 2×, 5×, 10×, 20×, 50× e por fim o mais rápido possível
toolbar-robot-2 = Robô { $robot_label }
toolbar-choose-the-robot-asks-first = Escolhe o robô (pergunta antes se houver um programa a correr)
toolbar-floor = Chão { $env_label }
toolbar-choose-the-environment-e1-plain = Escolhe o ambiente: E1 chão liso, E2 paredes, E3 linha preta
toolbar-write-or-change-a-program = Escreve ou muda um programa com os ícones do ROBOLAB (não é preciso o ROBOLAB) e depois transfere-o para o robô
toolbar-camera-presets-f-front-b = Vistas da câmara: F frente, B trás, T cima, S lado, i inicial
toolbar-follow = 🎯 Seguir
toolbar-keep-the-camera-on-the = A câmara segue o robô enquanto ele anda
toolbar-top-view = Vista de cima
toolbar-open-a-second-view-from = Abre uma segunda vista de cima ao lado da vista 3D
toolbar-move-robot = ✋ Mover robô
toolbar-pick-up-the-robot-drag = Pega no robô: arrasta-o pelo chão com o botão esquerdo do rato e larga-o onde deve ficar
toolbar-turn-the-robot-15-to = Vira o robô 15° para a esquerda sem sair do sítio (Parar volta a pô-lo virado para aqui)
toolbar-turn-the-robot-15-to-2 = Vira o robô 15° para a direita sem sair do sítio
toolbar-grid = Grelha
toolbar-a-grid-on-the-floor = Uma grelha no chão: linhas finas a cada 10 cm, grossas a cada metro
toolbar-soft-shadows-under-the-robot-2 = Sombras suaves por baixo do robô e das caixas
toolbar-icon-above-robot = Ícone sobre o robô
toolbar-show-the-running-icon-floating = Mostra a flutuar por cima do robô o ícone em curso
toolbar-tile = Lado a lado
toolbar-cascade = Cascata
toolbar-float-the-panes-over-the-2 = Põe os painéis a flutuar como janelas por cima da vista 3D, cada uma um pouco mais abaixo
toolbar-speed-simulated-seconds-per-real = Velocidade: segundos simulados por segundo real (1× = tempo real, máx = o mais rápido que o computador conseguir); mexer-lhe acaba com a câmara lenta
toolbar-slow-ms-step = lento +{ $slow } ms/passo
toolbar-slow-motion-a-pause-after = Câmara lenta: uma pausa depois de cada passo de 1 ms, vê-se cada passo; carrega em Mais rápido para a tirar
toolbar-of = {" "}de { $name }
toolbar-no-tcp = sem TCP
toolbar-pty-ready = {" "}· pty { $display } pronto
toolbar-waiting-for-robolab-or-nqc = à espera do ROBOLAB ou do NQC
toolbar-n1-client-connected = 1 cliente ligado
toolbar-clients-connected = { $n } clientes ligados
toolbar-link = Ligação{ $whose }: { $addr }{ $pty } · { $who }
toolbar-robolab-and-nqc-can-download =
    O ROBOLAB e o NQC podem transferir programas para aqui, como para um RCX a sério. Últimos acontecimentos da ligação:
    {""}
toolbar-copy-sym-txt-settings = copiar definições do sym.txt
toolbar-copy-the-three-lines-robolab = Copia para a área de transferência as três linhas de que o sym.txt do ROBOLAB precisa (SymName, SymAddr, SymPort)
toolbar-sym-txt-settings-copied-paste = Definições do sym.txt copiadas: cola-as no sym.txt, na pasta do ROBOLAB.
toolbar-link-off = Ligação{ $whose } desligada
toolbar-the-rcx-link-could-not = A ligação RCX não conseguiu arrancar: { $e }. Abre a aplicação com --listen ENDEREÇO para usar outra porta.
toolbar-link-off-2 = Ligação desligada
toolbar-no-rcx-link-in-this = Não há ligação RCX nesta janela
toolbar-take-away-only-dropped-at = Tira só { $name } (largada em x { $x } m, z { $z } m); as outras caixas ficam
toolbar-assets-examples-is-not-installed = assets/examples/{ $file } não está instalado junto deste programa
toolbar-original = original

## Leituras, linha do tempo e gráficos

readouts-s-of-s = { $what } { $v0 } s de { $live } s
readouts-running-at-real-time = a correr a { $rtf }× o tempo real
readouts-starting = A arrancar…
readouts-simulated-time-since-the-start = Tempo simulado desde o início (passos de 1 ms); mostrado ao milissegundo em pausa, passo a passo ou em câmara lenta
readouts-running-paused-in-slow-motion = A correr, em pausa, em câmara lenta ou a mostrar um momento anterior da execução; o fator de tempo real são segundos simulados por segundo real no último segundo
readouts-robot = Robô
readouts-the-robot-model-the-environment = O modelo de robô, o ambiente e o realismo (original = o simulador de 2007, bloco rcx = um RCX a sério)
readouts-on = { $robot } em { $environment } · { $realism }
readouts-centre-of-the-rcx-brick = Centro do bloco RCX em metros (x para a frente no início, z para a direita) e a direção para onde o robô olha (graus no sentido contrário ao dos ponteiros do relógio, vistos de cima)
readouts-straight-line-distance-from-where = Distância em linha reta desde onde o robô começou e (entre parênteses) o comprimento do caminho que percorreu
readouts-motors = Motores
readouts-forward = ▶ frente
readouts-backward = ◀ trás
readouts-brake = ⏹ travão
readouts-float = ○ livre
readouts-output = saída { $name }
readouts-motor-output-on-direction-power = Saída de motor: ligada (sentido, nível de potência 0–7 e percentagem), travão ou livre (roda solta)
readouts-sensors = Sensores
readouts-ports-1-3 = portas 1–3
readouts-this-robot-has-no-sensors = Este robô não tem sensores
readouts-no-sensor = sem sensor
readouts-port = porta { $port1 }
readouts-sensor-type-and-mode-the = Sensor: tipo e modo, o valor que o programa lê e a leitura em bruto (0–1023)
readouts-program = Programa
readouts-running-pc = a correr · pc { $pc }
readouts-waiting-s-pc = à espera { $v0 } s · pc { $pc }
readouts-waiting-pc = à espera · pc { $pc }
readouts-stopped-pc = parada · pc { $pc }
readouts-task = tarefa { $task }
readouts-a-task-of-the-program = Uma tarefa do programa: a correr, à espera ou parada, e o endereço da sua instrução
readouts-the-four-rcx-timers-in = Os quatro temporizadores do RCX, em passos de 100 ms
readouts-variables = Variáveis
readouts-all-32-are-0 = as 32 valem 0
readouts-the-rcx-s-32-global = As 32 variáveis globais do RCX (contentores)
readouts-var = var { $i }
readouts-a-global-variable-robolab-container = Uma variável global (contentor do ROBOLAB) que não vale 0
readouts-faults = Falhas
readouts-the-rcx-stopped-this-task = O RCX parou esta tarefa por causa de um erro no programa
readouts-replay-nothing-recorded-yet = Repetição: ainda não há nada gravado
readouts-every-run-is-recorded-once = Cada execução é gravada; assim que começa, podes voltar atrás aqui
readouts-play-the-run-again-from = Volta a passar a execução a partir do momento mostrado (desde o início se estiveres no fim), à velocidade escolhida; para no presente
readouts-the-timeline-drag-to-see = A linha do tempo: arrasta-a para ver qualquer momento da execução
readouts-continue-the-simulation-from-this = Continua a simulação a partir deste momento (o resto da gravação é deitado fora)
readouts-leave-the-replay-and-show = Sai da repetição e mostra a simulação como está agora
readouts-sensor = sensor { $port1 }
readouts-sensor-values = Valores dos sensores
readouts-what-the-program-reads-from = O que o programa lê de cada sensor ao longo do tempo; as linhas finas marcam onde começou um ícone
readouts-motor-power = Potência dos motores (%)
readouts-power-of-outputs-a-b = Potência das saídas A, B, C em percentagem: positiva para a frente, negativa para trás, 0 com travão ou livre; as linhas finas marcam onde começou um ícone
readouts-robots = Robôs
readouts-robot-link = Ligação do robô
readouts-add-robot = Juntar robô
readouts-put-another-robot-of-this = Põe outro robô deste modelo ao lado dos outros, com o seu próprio RCX e a sua própria porta de ligação (tudo recomeça em 0 s)
readouts-remove-robot = Tirar robô
readouts-take-the-chosen-robot-out = Tira do mundo o robô escolhido (tudo recomeça em 0 s; os outros robôs ficam com os seus programas)
readouts-no-link = sem ligação
readouts-replaying = a repetir
readouts-showing = a mostrar
readouts-slow-motion-ms-after-each = câmara lenta: +{ $slow_delay_ms } ms depois de cada passo de 1 ms
readouts-paused = em pausa
readouts-raw = { $name } · { $info }: { $value }   bruto { $raw }
readouts-robot-its-rcx-listens-on = Robô { $k1 }: { $name } ({ $model }). O seu RCX escuta em { $link } (NQC, ROBOLAB ou nqc -S…). ▶ o seu programa está a correr, ⏹ não corre nenhum. Clica para ver o seu bloco, leituras, programa e gráficos; o menu Robô e Ficheiro > Abrir passam a atuar sobre ele.

## O percurso do programa

trace-var = var { $rest }
trace-var-2 =
    var { $v } { $op }
    { $value }
trace-var-3 = var { $c }
trace-port = porta { $sp }
trace-pwr = pot { $pw }
trace-task = tarefa { $t }
trace-hz = { $f } Hz
trace-program = Programa
trace-no-program-yet = Ainda não há programa.
trace-open-a-lasm-or-rcx = Abre um ficheiro .lasm ou .rcx, larga um em cima da janela, escolhe um exemplo ou transfere um do ROBOLAB ou do NQC.
trace-program-2 = Programa: { $name }
trace-the-icons-of-the-program = Os ícones do programa; o que está a correr fica aceso
trace-no-icons-recognised-in-this = Nenhum ícone reconhecido neste programa.
trace-subroutine = Sub-rotina { $s }
trace-task-2 = Tarefa { $task }
trace-hide-the-lasm-lines = Esconder as linhas LASM
trace-icon = ícone { $label }: { $title }
trace-running = a correr
trace-waiting = à espera
trace-stopped = parada
trace-click-to-see-its-lasm =
    { $label } — { $title }
    { $params }
    Clica para ver as suas linhas LASM.

## O bloco

brick-brick-on-off = Bloco On-Off
brick-brick-run = Bloco Run
brick-brick-prgm = Bloco Prgm
brick-brick-view = Bloco View
brick-lcd-off = Ecrã desligado
brick-view = View
brick-on-off = On-Off
brick-prgm = Prgm
brick-run = Run
brick-on-off-switch-the-brick = On-Off: desliga o bloco (os programas param, as saídas ficam livres, o ecrã apaga-se; programas e variáveis ficam guardados) ou volta a ligá-lo (o relógio recomeça em 00.00)
brick-run-start-the-selected-program = Run: arranca o programa escolhido (a sua tarefa 0) ou para-o se estiver a correr
brick-prgm-stop-the-program-and = Prgm: para o programa e escolhe o lugar de programa seguinte (1-5)
brick-view-show-the-next-of = View: mostra no ecrã o seguinte: o relógio, os sensores 1-3 e as saídas A-C
brick-the-brick-s-speaker-is = O altifalante do bloco está mudo aqui: { $why }. `run --audio FICHEIRO.wav` grava o seu som num ficheiro.
brick-the-brick-s-beeps-and = Os bips e tons do bloco pelo altifalante deste computador, ao ritmo do tempo simulado: mais lentos em câmara lenta, mudos em pausa e em avanço rápido (acima de 2,5x)
brick-mute-speaker = Silenciar altifalante
brick-unmute-speaker = Ligar altifalante
brick-lcd-program = Ecrã { $text } · programa { $program } · { $view } · { $state }
brick-the-rcx-s-display-the =
    { $line }
    O ecrã do RCX: o relógio (horas.minutos desde que foi ligado), o valor de um sensor, a potência de uma saída ou o número do próprio programa; à direita o lugar 1-5; o boneco anda enquanto um programa corre
brick-off = desligado
brick-running = a correr
brick-stopped = parado

## A vista 3D

view3d-remove = 🗑 Tirar { $name }
view3d-take-away-this-box-the = Tira esta caixa; as outras ficam
view3d-n3d-view-no-graphics-adapter = Vista 3D (sem placa gráfica)
view3d-top-view = Vista de cima
view3d-drag-the-robot-to-where = Arrasta o robô para onde deve ficar
view3d-drag-turn-right-drag-move = arrastar: rodar · botão direito: mover · roda: zoom · teclas: setas, F1–F4
view3d-box = Caixa
view3d-drag-this-box-onto-the = Arrasta esta caixa para o chão para pôr um obstáculo no caminho do robô
view3d-drag-me = arrasta-me
view3d-replay = {"  "}(repetição)
view3d-slow-ms-step = {"  "}lento +{ $slow_delay_ms } ms/passo
view3d-real-time = {"  "}{ $realtime_factor }× tempo real
view3d-paused = {"  "}em pausa

## A janela de ficheiros

files-use-this-folder = ✔ Usar esta pasta
files-open-a-file = Abrir um ficheiro
files-choose-the-assignment = Escolher a tarefa
files-choose-the-programs-folder = Escolher a pasta dos programas
files-choose-the-output-folder = Escolher a pasta dos resultados
files-up = ⬆ Subir
files-go-to-the-folder-above = Ir para a pasta de cima
files-choose-the-folder-shown-above = Escolhe a pasta que se vê em cima
files-no-programs-robots-or-environments = Aqui não há programas, robôs nem ambientes.
files-no-toml-files-here = Aqui não há ficheiros .toml.
files-no-folders-here = Aqui não há pastas.
files-open-this-folder = Abrir esta pasta
files-use-this-assignment-file = Usar este ficheiro de tarefa
files-open-this-file-a-lasm = Abre este ficheiro: um programa .lasm/.rcx, um .toml de robô ou ambiente, ou uma gravação .json
files-or-type-a-path = ou escreve um caminho
files-a-file-path-absolute-or = Um caminho de ficheiro, absoluto ou relativo à pasta de cima; Enter abre-o
files-open = Abrir
files-choose = Escolher
files-open-the-typed-path = Abrir o caminho escrito
files-does-not-exist = { $display } não existe.
files-already-exists-replace-it = { $display } já existe. Substituir?
files-overwrite-the-existing-file = Escreve por cima do ficheiro que já existe
files-keep-the-existing-file-and = Fica com o ficheiro que já existe e escolhe outro nome
files-save-into-this-folder = Guardar nesta pasta
files-name = Nome:
files-save-under-this-name-in = Guarda com este nome na pasta de cima
files-close-without-saving = Fechar sem guardar
files-name-tip = O nome do ficheiro (junta-se .{ $ext } se não puseres a extensão); um caminho é usado tal como está

## A janela Avaliar

grade-grade-a-class = Avaliar uma turma…
grade-grade-a-class-2 = Avaliar uma turma
grade-choose-the-assignment = 📂 Escolher a tarefa…
grade-choose-the-programs-folder = 📂 Escolher a pasta dos programas…
grade-choose-the-output-folder = 📂 Escolher a pasta dos resultados…
grade-assignment-file = Ficheiro da tarefa
grade-programs-folder = Pasta dos programas
grade-output-folder = Pasta dos resultados
grade-start-grading = ▶ Começar a avaliar
grade-copy-the-report-s-path = Copiar o caminho do relatório
grade-cancel-grading = ⏹ Cancelar a avaliação
grade-open = Abrir { $run }
grade-the-assignment-toml-its-scenarios = A tarefa (.toml): os seus cenários e critérios (docs/grading.md)
grade-one-program-per-pupil-alice = Um programa por aluno: ana.rcx, bruno.lasm, carla.nqc, ou uma pasta por aluno com um programa
grade-where-runs-jsonl-grades-csv = Onde ficam runs.jsonl, grades.csv, junit.xml, os ficheiros do Gradescope e report.html (uma pasta «graded» ao lado da tarefa se não escolheres outra)
grade-run-every-pupil-s-program = Executa o programa de cada aluno em cada cenário da tarefa, em segundo plano; entretanto o simulador continua a funcionar
grade-stop-after-the-runs-being = Para depois das execuções que estão a ser simuladas agora; não se escreve nenhum relatório
grade-choose-an-assignment-and-the = Escolhe uma tarefa e os programas dos alunos e depois Começar.
grade-runs-not-ok = { $done } / { $total } execuções · { $not_ok } com problemas
grade-about-s-left = {" "}· faltam cerca de { $left } s
grade-report = Relatório:
grade-open-it-in-a-browser = Abre-o num navegador; grades.csv, junit.xml, runs.jsonl e gradescope/ estão ao lado
grade-copy-the-report-s-path-2 = Copia o caminho do relatório para o colar num navegador ou num gestor de ficheiros
grade-grading-stopped = A avaliação parou: { $e }
grade-click-a-pupil-to-see = Clica num aluno para ver as suas execuções.
grade-pupil = Aluno
grade-points = Pontos
grade-points-in-this-scenario-the = Pontos neste cenário (a média das suas sementes)
grade-status = Estado
grade-show-this-pupil-s-runs = Mostra as execuções e os critérios deste aluno
grade-open-this-run-in-the = Abre esta execução na vista principal: o robô, o chão e o início do cenário, o programa deste aluno, a semente e o realismo da execução; depois carrega em Executar ou Repetir
grade-pass = ✔ passou
grade-fail = ✖ não passou
grade-simulations-at-once-a-run = { $jobs } simulações ao mesmo tempo; uma execução tem problemas se o programa não carregou ou não pôde ser avaliado
grade-graded-runs-in-s = { $total } execuções avaliadas em { $took_s } s.{ $is_empty }
grade-cancelled-after-of-runs-no = Cancelado depois de { $done } de { $total } execuções: não se escreveu nenhum relatório.
grade-of = de
grade-of-points = { $student }: { $points } de { $points2 } pontos · { $status }
grade-of-points-2 = { $points } de { $points2 } pontos ·
grade-skipped = ignorado

## O editor de programas

editor-program-editor = ✏ Editor de programas
editor-edit-program = ✏ Editar programa
editor-download = ⬇ Transferir
editor-run-program = ▶ Executar programa
editor-stop-program = ⏹ Parar programa
editor-undo = ⟲ Anular
editor-redo = ⟳ Refazer
editor-new = 📄 Novo
editor-save-program = 💾 Guardar programa
editor-edit-the-robot-s-program = 📥 Editar o programa do robô
editor-delete-icon = 🗑 Apagar ícone
editor-task = + Tarefa
editor-subroutine = + Sub-rotina
editor-restore-it = Recuperá-lo
editor-replace-the-file = Substituir o ficheiro
editor-keep-the-file = Manter o ficheiro
editor-discard-it = Deitá-lo fora
editor-close-without-saving = Fechar sem guardar
editor-keep-editing = Continuar a editar
editor-start-a-new-program-empty = Começa um programa novo: vazio ou a partir de um começo já feito que podes mudar (Anular traz de volta o anterior)
editor-take-back-the-last-change = Anula a última mudança — Ctrl+Z
editor-do-again-what-undo-took = Volta a fazer o que Anular desfez — Ctrl+Y
editor-stop-the-robot-and-put = Para o robô e põe-no no seu início (o programa fica)
editor-run-the-program-the-robot = Executa o programa que o robô tem (o ▶ Executar da barra)
editor-download-a-program-first = Primeiro transfere um programa
editor-save-the-program-as-a = Guarda o programa num ficheiro: .rcx ou .lasm quando estiver acabado, ou um rascunho (o formato do editor) quando não
editor-open-the-program-the-robot = Abre aqui como ícones o programa que o robô tem agora (um ficheiro, um exemplo ou uma transferência do ROBOLAB ou do NQC)
editor-the-robot-has-no-program = O robô ainda não tem programa
editor-exists-already = { $name } já existe.
editor-write-over-it = Escrever por cima
editor-leave-it-choose-another-name = Deixa estar; escolhe outro nome em 💾 Guardar programa
editor-the-robot-still-runs-the = O robô ainda executa o programa como o transferiste da última vez. As tuas mudanças contam a partir do próximo ⬇ Transferir.
editor-folder = Pasta: { $display }
editor-name = Nome:
editor-it-comes-with-its-partner = {" "}Vem com os seus ícones parceiros (um ciclo com o seu fim, uma bifurcação com a sua junção, um salto com a sua aterragem).
editor-add-a-strip-for-a = Junta uma fita para uma sub-rotina (um ícone Sub-rotina numa tarefa chama-a)
editor-strip = Fita { $title }
editor-drag-icons-from-the-palette = Arrasta para aqui ícones da paleta
editor-click-to-set-its-modifiers =
    {""}
    Clica para acertar os seus modificadores; arrasta-o para o mudar de sítio, ou para a paleta para o apagar.
editor-click-an-icon-to-set = Clica num ícone para acertar os seus modificadores (porta, potência, segundos, …). Tab passa de ícone em ícone, Enter edita, Delete apaga.
editor-click-an-icon-to-set-2 = Clica num ícone para acertar os seus modificadores.
editor-take-this-icon-out-of = Tira este ícone do programa — Delete
editor-modifiers-of = Modificadores de { $title }
editor-this-icon-has-no-modifiers = Este ícone não tem modificadores.
editor-port = Porta { $port }
editor-the-motor-outputs-this-icon = As saídas de motor que este ícone comanda (uma ou mais de A, B, C)
editor-to = { $title }: de { $min } a { $max }
editor-lasm = LASM
editor-the-rcx-code-each-icon = O código RCX em que cada ícone se transforma, tal como o ROBOLAB o escreve; a linha em curso fica acesa
editor-this-program-cannot-compile-yet = Este programa ainda não pode ser compilado; corrige os ícones marcados com ⚠:
editor-each-icon-s-code-appears = Aqui aparece o código de cada ícone.
editor-restore-your-program = Recuperar o teu programa?
editor-open-it-in-the-program = Abre-o no editor de programas
editor-forget-it-and-start-with = Esquece-o e começa com um programa vazio
editor-your-program-is-not-saved = O teu programa não está guardado
editor-the-program-editor-has-changes = O editor de programas tem mudanças que não guardaste num ficheiro. Guarda primeiro (💾 Guardar programa no editor) ou fecha sem guardar.
editor-close-the-simulator-the-program = Fecha o simulador; o programa perde-se
editor-send-this-program-to-the = Envia este programa para o robô ({ $editor_target }), como faz a transferência do ROBOLAB; depois carrega em ▶ Executar
editor-drag-it-into-a-strip =
    { $title }
    Arrasta-o para uma fita, ou clica para o juntar a seguir ao ícone escolhido.{ $more }
editor-touch = toque
editor-light = luz
editor-to-seconds = { $title }: de { $v0 } a { $v02 } segundos
editor-the-program-editor-was-not = O editor de programas não foi bem fechado da última vez. O seu programa foi guardado: { $summary }.
editor-name-tip = O nome do ficheiro; a extensão junta-se sozinha
editor-add-task-tip = Junta uma fita para outra tarefa (um ícone Dividir tarefa ou Iniciar tarefa arranca-a)
editor-2nd = 2.ª

## Ajuda e Acerca de

help-how-to-use-the-simulator = Como usar o simulador
help-about-lurobotsim = Acerca do lurobotsim
help-turns-a-motor-on-forwards = Liga um motor para a frente. A letra diz qual é a porta: A, B ou C.
help-turns-a-motor-on-backwards = Liga um motor para trás.
help-stops-a-motor-at-once = Para um motor de imediato (travão).
help-lets-a-motor-run-freely = Deixa um motor rodar livre até parar sozinho.
help-waits-for-some-seconds-the = Espera uns segundos; a contagem decrescente aparece no ícone.
help-waits-until-the-touch-sensor = Espera até o sensor de toque ser carregado.
help-waits-until-the-touch-sensor-2 = Espera até o sensor de toque ser largado.
help-waits-until-the-light-sensor = Espera até o sensor de luz ver escuro (abaixo de um número).
help-waits-until-the-light-sensor-2 = Espera até o sensor de luz ver claro (acima de um número).
help-waits-until-the-light-sensor-3 = Espera até o sensor de luz ver mais escuro do que agora.
help-waits-until-the-light-sensor-4 = Espera até o sensor de luz ver mais claro do que agora.
help-waits-until-a-wheel-has = Espera até uma roda ter rodado o suficiente.
help-goes-one-way-if-the = Vai por um caminho se o sensor de toque estiver carregado, pelo outro se não.
help-goes-one-way-if-the-2 = Vai por um caminho se o sensor de luz vir claro, pelo outro se vir escuro.
help-where-the-two-ways-of = Onde os dois caminhos de uma bifurcação se voltam a juntar.
help-jumps-to-the-land-icon = Salta para o ícone Aterrar da mesma cor.
help-where-a-jump-arrives = Onde chega um Salto.
help-start-of-a-part-that = Começo de uma parte que se repete.
help-end-of-the-repeated-part = Fim da parte repetida: volta ao ícone Ciclo.
help-starts-a-second-line-of = Começa uma segunda fila de ícones que corre ao mesmo tempo.
help-plays-one-of-the-rcx = Toca um dos sons do RCX.
help-plays-a-note = Toca uma nota.
help-sets-or-changes-a-number = Põe ou muda um número de que o programa se lembra (um contentor).
help-sets-a-timer-back-to = Põe um temporizador a zero.
help-tells-the-rcx-which-sensor = Diz ao RCX que sensor está numa porta.
help-starts-another-task = Arranca outra tarefa.
help-stops-a-task = Para uma tarefa.
help-runs-a-group-of-icons = Executa um grupo de ícones que está noutro sítio e depois volta.
help-instructions-that-are-not-one = Instruções que não são nenhum dos ícones do ROBOLAB.
help-n1-get-a-program = 1. Arranja um programa
help-examples-gives-ready-made-programs = ⭐ Exemplos dá-te programas já feitos com o robô e o chão certos.
help-open-ctrl-o-opens-a = 📂 Abrir (Ctrl+O) abre um ficheiro .lasm ou .rcx; também podes largar um ficheiro em cima da janela.
help-or-download-from-robolab-or = Ou transfere do ROBOLAB ou do NQC, como para um RCX a sério (vê mais abaixo).
help-or-write-your-own-with = Ou escreve o teu com ✏ Editar programa: arrasta os ícones do ROBOLAB da paleta para a fita, clica num ícone para acertar as portas, a potência ou os segundos, e depois ⬇ Transferir e ▶ Executar programa. Anular (Ctrl+Z) desfaz qualquer mudança; o teu programa é guardado sozinho.
help-n2-run-it = 2. Executa-o
help-run-starts-the-program-pause = ▶ Executar arranca o programa. ⏸ Pausa para o relógio; ▶ Executar continua a partir daí. A barra de espaço faz as duas coisas.
help-stop-puts-the-robot-back = ⏹ Parar põe o robô onde começou; o programa e as tuas caixas ficam.
help-on-the-right-the-program = À direita, os ícones do programa: o que está a correr fica aceso a amarelo. Clica num ícone para ver as suas instruções.
help-n3-watch-it-slowly = 3. Vê-o devagar
help-slower-every-click-waits-10 = 🐢 Mais devagar: cada clique espera mais 10 ms depois de cada passo de 1 ms (até 200 ms), para poderes seguir cada ícone. 🐇 Mais rápido desfaz isso e depois vai mais depressa.
help-the-speed-slider-0-1 = O controlo de velocidade: 0,1× é dez vezes mais lento do que na realidade, 1× é tempo real, máx é o mais rápido que o computador conseguir.
help-step-one-millisecond-one-instruction = ⏭ Passo: um milissegundo, uma instrução ou até se acender o ícone seguinte. O relógio mostra então milissegundos.
help-n4-look-back = 4. Olha para trás
help-drag-the-timeline-under-the = Arrasta a linha do tempo por baixo da vista 3D para ver qualquer momento anterior.
help-replay-plays-the-run-again = ⟲ Repetir volta a passar a execução a partir dali; ⏵ Continuar daqui segue a partir desse momento; Ao vivo volta ao agora.
help-n5-change-the-world = 5. Muda o mundo
help-pick-another-robot-m1-m5 = Escolhe outro robô (M1–M5) ou outro chão (E1–E3) na barra. Arrasta a Caixa vermelha para o chão para pôr um obstáculo no caminho; o menu Ambiente volta a tirar as caixas, todas ou uma, e um clique com o botão direito numa caixa deixa tirar só essa. Realismo: original comporta-se como o simulador de 2007, bloco rcx como um RCX a sério (firmware mais lento, motores que abrandam com a carga).
help-move-robot-drag-the-robot = ✋ Mover robô: arrasta o robô para outro sítio; os botões Virar mudam para onde ele olha.
help-the-rcx-itself = O próprio RCX
help-at-the-top-of-the = No topo das leituras, o bloco amarelo: o seu ecrã mostra o relógio (horas.minutos desde que foi ligado), o valor de um sensor, a potência de uma saída ou o número do próprio programa, o lugar de programa 1-5 à direita e um bonequinho que anda enquanto um programa corre.
help-click-its-buttons-as-on = Carrega nos seus botões como num bloco a sério: View mostra o sensor ou motor seguinte, Prgm escolhe o lugar de programa seguinte, Run arranca ou para o programa escolhido, On-Off desliga e liga o bloco (os programas ficam).
help-its-beeps-and-tunes-play = Os seus bips e melodias tocam pelo altifalante deste computador, mais lentos em câmara lenta e mudos em pausa; Silenciar altifalante desliga-os.
help-connecting-robolab = Ligar o ROBOLAB
help-press-copy-sym-txt-settings = Carrega em «copiar definições do sym.txt» na barra de estado e cola as linhas no ficheiro sym.txt da pasta do ROBOLAB.
help-in-robolab-choose-the-simulator = No ROBOLAB escolhe o simulador (LegoSim) como porta e carrega na seta branca: o programa aparece aqui e começa a correr.
help-connecting-nqc = Ligar o NQC
help-nqc-4-x-downloads-straight = O NQC 4.x transfere diretamente por TCP: nqc -TRCX2 -Stcp:localhost:4266 -d programa.nqc -run
help-older-nqc-speaks-only-to = Os NQC mais antigos só falam com uma porta série: abre o simulador com --pty /tmp/rcx e depois nqc -TRCX2 -S/tmp/rcx -d programa.nqc
help-on-windows-there-is-no = No Windows não há pseudoterminal (--pty): usa o NQC 4.x por TCP como acima.
help-or-compile-nqc-trcx2-oprogram = Ou compila: nqc -TRCX2 -Oprograma.rcx programa.nqc, e abre aqui programa.rcx.
help-mouse-and-keys = Rato e teclas
help-left-drag-turns-the-camera = Arrastar com o botão esquerdo roda a câmara, a roda faz zoom, arrastar com o botão direito move-a. Os botões de vista F, B, T, S, i saltam para uma vista.
help-arrows-move-the-camera-f1 = As setas movem a câmara, F1/F2 baixam-na/sobem-na, F3/F4 rodam-na. Espaço: executar ou pausar. Ctrl+O: abrir um ficheiro.
help-what-the-icons-mean = O que querem dizer os ícones
help-lurobotsim = lurobotsim { $env }
help-a-simulator-for-lego-mindstorms = Um simulador para programas do LEGO MINDSTORMS RCX: experimenta programas do ROBOLAB e do NQC em robôs virtuais e vê cada ícone acender-se enquanto corre.
help-a-rust-port-of-lurobotsim = Uma versão em Rust do LURobotSim.

## Exemplos, robôs e chãos

example-motor-2s = Motor 2 segundos
example-motor-2s-tip = Os dois motores para a frente durante 2 segundos e depois parar (robô M4, chão liso E1). O robô a sério andou 1,05 m.
example-touch = Tocar na parede
example-touch-tip = Anda até o sensor de toque bater na parede, para 1 s e recua 2 s (robô M2, chão com parede E2)
example-line-follower = Seguidor de linha
example-line-follower-tip = Anda até à linha preta e depois segue a sua borda com o sensor de luz (robô M5, chão com linha E3)
example-wait-for-darker = Esperar por mais escuro
example-wait-for-darker-tip = Anda até o chão ficar mais escuro do que no início (robô M5, chão com linha E3); o simulador original não conseguia correr este
example-task-split = Dividir tarefa
example-task-split-tip = Duas tarefas ao mesmo tempo: uma conduz e a outra apita (robô M3, chão liso E1)
scene-ir-master-slave = IV: mestre e escravo
scene-ir-master-slave-tip = Dois M4: o mestre envia «frente», «trás», «parar» por infravermelhos de dois em dois segundos; o escravo obedece (cena: dois robôs, cada um com o seu RCX)
scene-ir-elect = IV: eleger um líder
scene-ir-elect-tip = Dois M4 correm o mesmo programa: cada um espera um tempo ao acaso e reclama a liderança por infravermelhos; um bloco que ouve primeiro uma reclamação segue o outro. O líder anda para a frente durante um segundo (cena: dois robôs)
robot-m1 = Um motor (A), uma roda da frente com tração, sem sensor
robot-m2 = M1 com um sensor de toque à frente (porta 1)
robot-m3 = Dois motores (A, C) e uma roda livre atrás
robot-m4 = Dois motores (A, C) e quatro rodas
robot-m5 = M3 com um sensor de luz virado para o chão (porta 1)
env-e1 = Um chão liso e vazio
env-e2 = Um chão com uma parede à volta (para o sensor de toque)
env-e3 = Um chão branco com uma linha preta em quadrado (para o sensor de luz)

## Nomes que o núcleo guarda em inglês (ícones como no ROBOLAB)

icon-motor-forward = Motor para a frente
icon-motor-backward = Motor para trás
icon-stop-motor = Parar motor
icon-float-motor = Motor livre
icon-wait-for-time = Esperar tempo
icon-wait-for-push = Esperar carregar
icon-wait-for-let-go = Esperar largar
icon-wait-for-dark = Esperar escuro
icon-wait-for-light = Esperar claro
icon-wait-for-darker = Esperar mais escuro
icon-wait-for-lighter = Esperar mais claro
icon-wait-for-rotation = Esperar rotação
icon-touch-sensor-fork = Bifurcação de toque
icon-light-sensor-fork = Bifurcação de luz
icon-fork-merge = Junção
icon-jump = Saltar
icon-land = Aterrar
icon-loop = Ciclo
icon-end-of-loop = Fim do ciclo
icon-task-split = Dividir tarefa
icon-play-sound = Tocar som
icon-play-tone = Tocar nota
icon-container = Contentor
icon-reset-timer = Pôr temporizador a zero
icon-sensor-setup = Configurar sensor
icon-start-task = Iniciar tarefa
icon-stop-task = Parar tarefa
icon-subroutine = Sub-rotina
icon-instructions = Instruções
group-outputs = Saídas
group-wait-for = Esperar por
group-structures = Estruturas
group-sensors-and-timers = Sensores e temporizadores
group-tasks-and-subroutines = Tarefas e sub-rotinas
group-sounds-and-tones = Sons e notas
group-containers = Contentores
group-other = Outros
param-ports = Portas
param-power-level = Potência
param-seconds = Segundos
param-sensor-port = Porta do sensor
param-threshold = Limiar
param-change = Diferença
param-count = Vezes
param-until = Até
param-frequency-hz = Frequência (Hz)
param-duration-s = Duração (s)
param-sound = Som
param-container = Contentor
param-operation = Operação
param-value = Valor
param-task = Tarefa
param-subroutine = Sub-rotina
param-timer = Temporizador
param-label = Etiqueta
icon-loop-a-number-of-times = Repetir umas vezes
icon-loop-forever = Repetir sempre
icon-loop-until-touch = Repetir até toque
icon-loop-until-light = Repetir até luz
icon-second-branch = Segundo ramo
choice-released = largado
choice-pressed = carregado
choice-light = claro
choice-dark = escuro
choice-fill = pôr
choice-add = somar
choice-subtract = subtrair
choice-multiply = multiplicar
choice-divide = dividir
choice-click = clique
choice-double-beep = bip duplo
choice-sweep-down = varrimento a descer
choice-sweep-up = varrimento a subir
choice-error-buzz = zumbido de erro
choice-fast-sweep-up = varrimento rápido a subir

## Mensagens e erros da aplicação

app-audio-the-brick-s-speaker-is = O altifalante do bloco está mudo: { $why }
app-audio-the-sound-output-stopped = a saída de som parou
app-audio-cannot-start-the-sound-thread = não é possível arrancar o fio de som: { $e }
app-audio-sound-output-is-built-for = a saída de som só existe em Linux e Windows (usa `run --audio FICHEIRO.wav`)
app-audio-this-browser-has-no-web = este navegador não tem Web Audio ({ $e })
app-audio-libasound-has-no = a libasound não tem { $to_string_lossy }
app-audio-the-alsa-sound-library-libasound = a biblioteca de som ALSA (libasound.so.2) não está instalada
app-audio-no-sound-card = não há placa de som
app-audio-no-sound-device = não há dispositivo de som
app-audio-the-sound-device-refused-16 = o dispositivo de som recusa mono de 16 bits a 44,1 kHz
app-audio-the-sound-device-refused-16-2 = o dispositivo de som recusa mono de 16 bits a 44,1 kHz (erro { $r } do waveOutOpen)
app-connection-robolab-transfer-complete-running-task = { $who }Transferência do ROBOLAB concluída: a tarefa 0 está a correr.
app-connection-the-host-started-task = { $who }O computador arrancou a tarefa { $task }.
app-connection-connected = { $who }{ $peer } ligado.
app-connection-link = { $who }Ligação: { $e }
app-connection-rcx-link-of-robot-it = Ligação RCX do robô { $k1 }: { $e }. Funciona sem ela.
app-connection-no-link = sem ligação: { $e }
app-connection-port = porta { $port }
app-editor-empty-program = Programa vazio
app-editor-one-motor-for-a-time = Um motor durante um tempo
app-editor-two-motors-then-wait = Dois motores e depois esperar
app-editor-line-follower-skeleton = Seguidor de linha (esqueleto)
app-editor-task-0-with-no-icons = Tarefa 0 sem ícones: arrasta ícones da paleta
app-editor-motor-a-forward-wait-2 = Motor A para a frente, esperar 2 s, parar A (ROBOLAB Piloto 1)
app-editor-motors-a-and-c-forward = Motores A e C para a frente, esperar 2 s, parar os dois (ROBOLAB Piloto 2); para os robôs M3–M5
app-editor-drive-until-the-light-sensor = Anda até o sensor de luz da porta 1 ver a linha preta e depois segue a sua borda para sempre: no escuro vira com C, no claro volta com A (robô M5, chão E3)
app-editor-save-as-rcx-finished-program = Guardar como .rcx (programa acabado)
app-editor-save-as-lasm-finished-program = Guardar como .lasm (programa acabado)
app-editor-save-as-a-draft-icons = Guardar como rascunho (.icons, pode estar por acabar)
app-editor-the-program-as-a-brick = O programa como imagem do bloco: corre aqui (Ficheiro > Abrir, run --program), nas ferramentas do NQC e num RCX a sério
app-editor-the-program-as-robolab-s = O programa como texto LASM do ROBOLAB: dá para ler e corre aqui e no SDK
app-editor-the-icons-as-the-editor = Os ícones no pequeno formato de texto do editor: guarda um programa que ainda não compila (uma bifurcação sem a sua junção); volta a abri-lo aqui
app-editor-icon-s-in-strip-s = { $icons ->
        [one] { $icons } ícone
       *[other] { $icons } ícones
    } em { $len ->
        [one] { $len } fita
       *[other] { $len } fitas
    }
app-editor-the-autosaved-program-could-not = Não foi possível ler o programa guardado automaticamente (linha { $line }: { $message }).
app-editor-autosave-failed = A gravação automática falhou: { $e }
app-editor-kept-as-it-is-it = { $label } (fica como está: pode ser mudado de sítio ou apagado, não editado)
app-editor-task = Tarefa { $t }
app-editor-subroutine = Sub-rotina { $s }
app-editor-pwr = pot { $v }
app-editor-by = em { $v }
app-editor-hz = { $v } Hz
app-editor-pressed = carregado
app-editor-released = largado
app-editor-var = var { $v }
app-editor-sound = som { $v }
app-editor-bytes = { $code } bytes
app-editor-new-program-undo-brings-the = Programa novo: { $title }. Anular traz de volta o anterior.
app-editor-your-program-is-back-save = O teu programa voltou. Guarda-o (💾 Guardar programa) para o teres num ficheiro.
app-editor-opened-the-draft-as-icons = Rascunho { $name } aberto como ícones.
app-editor-cannot-open-the-draft = Não é possível abrir o rascunho { $name }:{ $line }: { $message }
app-editor-the-robot-has-no-program = O robô ainda não tem programa: começa com Novo ou arrasta ícones.
app-editor-part-s-robolab-has-no = {" "}{ $generic } parte(s) sem ícone no ROBOLAB ficam como estão (ícones cinzentos «Instruções»): podes mudá-las de sítio ou apagá-las, mas não editá-las.
app-editor-opened-as-icons = { $name } aberto como ícones.{ $more }
app-editor-nothing-to-download-yet-drag = Ainda não há nada para transferir: arrasta ícones da paleta para a Tarefa 0.
app-editor-download-refused = Transferência recusada: { $editor_place } — { $reason }
app-editor-download-refused-the-program-cannot = Transferência recusada: o programa não compila.
app-editor-downloaded-to-the-old-program = Transferido para { $robot }: o programa anterior parou. Carrega em ▶ Executar para arrancar o novo.
app-editor-downloaded-to-press-run-to = Transferido para { $robot }. Carrega em ▶ Executar para o arrancar.
app-editor-strip = fita { $strip1 }
app-editor-icon = { $strip_title }, ícone { $i1 } ({ $title })
app-editor-type-a-name-for-the = Primeiro escreve um nome para o ficheiro.
app-editor-it-cannot-compile-yet-save = ainda não compila ({ $reason }); guarda-o antes como rascunho
app-editor-saved = { $display } guardado.
app-editor-not-saved = Não guardado: { $e }
app-editor-task-0-starts-when-you = A tarefa 0 arranca quando carregas em Executar
app-editor-a-subroutine-a-subroutine-icon = Uma sub-rotina: um ícone Sub-rotina executa-a
app-editor-running = a correr
app-editor-waiting = à espera
app-editor-icon-2 = { $title }, ícone { $i1 }: { $label }
app-files-save-the-recording-as = Guardar a gravação como
app-files-export-the-trace-as = Exportar o registo como
app-files-save-the-screenshot-as = Guardar a captura como
app-files-cannot-open-the-recording = Não é possível abrir a gravação: { $e }
app-files-recording-2 = Gravação { $display }: { $e }
app-files-opening-the-recording = A abrir a gravação { $display }…
app-files-scene = Cena: { $e }
app-files-recording-saved-as = Gravação guardada como { $display }.
app-files-cannot-save-the-recording = Não é possível guardar a gravação: { $e }
app-files-trace-saved-as-rows-s = Registo guardado como { $display } ({ $rows } linhas, { $v0 }–{ $v02 } s).
app-files-cannot-export-the-trace = Não é possível exportar o registo: { $e }
app-files-recording-loaded-press-replay-drag = Gravação carregada: carrega em Repetir, arrasta a linha do tempo ou continua a partir de qualquer momento.
app-files-type-a-file-name-to = Escreve um nome de ficheiro para guardar.
app-files-is-a-folder-type-a = { $display } é uma pasta; escreve um nome de ficheiro.
app-files-screenshot-saved-as = Captura guardada como { $display }.
app-files-screenshot-2 = Captura: { $e }
app-files-screenshot-the-picture-was-not = Captura: a fotografia não foi tirada.
app-files-cannot-open-the-program = Não é possível abrir o programa: { $e }
app-files-cannot-open-the-program-2 = Não é possível abrir o programa: { $message }
app-files-cannot-download = não é possível transferir { $name }: { $e }
app-files-cannot-write = não é possível escrever { $display }: { $e }
app-files-the-screenshot-had-a-wrong = a captura tinha um tamanho errado
app-files-cannot-encode = não é possível codificar { $display }: { $e }
app-program-raw = { $a }: bruto { $codea }
app-shot-the-window-never-produced-a = a janela nunca deu uma imagem para capturar
app-world-robot-file = Ficheiro de robô: { $e }
app-world-environment-file = Ficheiro de ambiente: { $e }
app-world-example = Exemplo: { $title }
app-world-example-2 = Exemplo { $file }: { $err }
app-world-cannot-open-the-draft = Não é possível abrir o rascunho: { $e }
app-world-cannot-open-the-program = Não é possível abrir o programa: { $message }
app-world-loaded-icon-s-in-strip = { $name } carregado: { $len ->
        [one] { $len } ícone
       *[other] { $len } ícones
    } em { $len2 ->
        [one] { $len2 } fita
       *[other] { $len2 } fitas
    }.
app-world-the-last-robot-stays-a = O último robô fica: um mundo precisa de um.
app-world-try-another-robot-robot-menu = { $w } Experimenta outro robô (menu Robô).
app-robot-file-using-m1-instead = Ficheiro de robô: { $e }. Usa-se o M1 em vez dele.
app-environment-file-using-e1-instead = Ficheiro de ambiente: { $e }. Usa-se o E1 em vez dele.
app-scene-showing-one-robot-instead = Cena: { $e }. Mostra-se só um robô.
app-cannot-build-the-world = não é possível construir o mundo: { $e }
app-the-world-has-no-robot = o mundo não tem robô
app-rcx-link-the-simulator-works = Ligação RCX: { $e }. O simulador funciona sem ela.
app-no-program-loaded-yet-open = Ainda não há programa carregado: abre um (Ficheiro > Abrir) ou escolhe um exemplo.
app-scene-robots-pick-one-under = Cena { $file }: { $len } robôs. Escolhe um em Robôs para ver o seu bloco; Executar arranca o programa de todos os robôs.
app-s-program = programa de { $name }
app-downloaded-program = programa transferido
app-new-program-received-icon-s = Programa novo recebido: { $len ->
        [one] { $len } ícone
       *[other] { $len } ícones
    }.
app-program-fault = Falha do programa { $f }
msg-language-not-remembered = Não foi possível guardar o idioma para a próxima vez: { $error }
app-grade-not-in-a-browser = Avaliar uma turma lê uma pasta de programas e escreve uma pasta de relatórios, e um separador do navegador não consegue fazer isso: avalia na aplicação de computador (Ficheiro > Avaliar uma turma…) ou com `lurobotsim grade`. Aqui, abre o programa de um aluno com Ficheiro > Abrir… e executa-o.
app-grade-choose-first = Primeiro escolhe um ficheiro de tarefa e uma pasta de programas.
app-grade-cannot-use-assignment = Não é possível usar a tarefa: { $e }
app-grade-programs-folder = Pasta dos programas { $e }
app-grade-cannot-start = Não é possível começar a avaliar: { $e }
app-grade-grading = A avaliar { $name }: { $runs } execuções ({ $pupils } alunos), { $jobs } ao mesmo tempo, para { $out }.
app-grade-opened-run = { $id } aberta: { $robot } em { $env }, { $name } carregado (semente { $seed }, realismo { $realism }). { $then }
app-grade-press-the-brick = Neste cenário o avaliador carregou nos botões do bloco: carrega neles no bloco.
app-grade-press-run = Carrega em Executar.
app-share-program-not-opened = Não foi possível abrir o programa da ligação: { $e }
app-grade-graded = { $runs } execuções avaliadas em { $secs } s ({ $not_ok } com problemas); relatórios em { $out }.
app-grade-graded-with-errors = Avaliado, mas { $count ->
        [one] { $count } execução não pôde ser avaliada
       *[other] { $count } execuções não puderam ser avaliadas
    }: { $errors }
app-grade-cancelled = Avaliação cancelada depois de { $done } de { $runs } execuções; não se escreveu nada em { $out }.
app-grade-stopped = A avaliação parou: { $out }: { $e }
app-share-link-not-opened = Não foi possível abrir esta ligação ({ $e }); mostra-se o habitual.

## Challenges

challenge-open-challenge = Abrir desafio…
challenge-challenges = Desafios
challenge-grade-all-seeds = Avaliar todas as sementes
challenge-close-challenge = Fechar desafio
challenge-this-challenge-cannot-be-opened = Este desafio não pode ser aberto
challenge-result = Resultado:
challenge-path-trail = Rasto do caminho
challenge-trail = Rasto
challenge-challenge = Desafio: { $name }
challenge-failed-at-s = ✖ { $task } — falhou aos { $v0 } s
challenge-of-points = { $result } { $points } de { $points2 } pontos
challenge-all-seeds-of-points-as = Todas as sementes: { $points } de { $points2 } pontos (como dá a nota do professor)
challenge-no-built-in-challenges-in = Esta versão não traz desafios.
challenge-open-this-challenge-its-robot = Abre este desafio: o seu robô, chão e início, e o que é preciso fazer
challenge-this-challenge-needs-files-beside = Este desafio precisa de ficheiros ao lado (vários robôs): abre-o na aplicação de computador
challenge-open-a-challenge-file-toml = Abre um ficheiro de desafio (.toml, como um professor escreve uma tarefa): robô, chão, início e o que é preciso fazer
challenge-robot-on-s-seed = Robô { $robot_label } em { $env_label } · { $end_ms } s · semente { $seed }
challenge-open-your-program-file-open = Abre o teu programa (Ficheiro > Abrir) e carrega em ▶ Executar.
challenge-criterion = critério { $id }
challenge-hide-this-panel-the-robot = Esconde este painel; o robô e o chão ficam
challenge-your-program-could-not-be = Não foi possível carregar o teu programa: { $e }
challenge-every-criterion-passed-well-done = Passaste em todos os critérios. Muito bem!
challenge-show-this-moment-of-the = Mostra este momento da execução
challenge-all-seeds-runs = Todas as sementes: { $done } / { $total } execuções
challenge-all-seeds = Todas as sementes: { $e }
challenge-run-your-program-on-all = Executa o teu programa nos { $seeds } inícios que o professor avalia, em segundo plano, e soma como a nota dele
challenge-open-your-program-first = Primeiro abre o teu programa
challenge-goal = meta
challenge-keep-out = proibido
app-challenge-no-scenario = { $file }: não há cenário { $k }
app-challenge-the-run-has-no-goal = a execução não tem objetivo
app-challenge-cannot-open-the-challenge = Não é possível abrir o desafio: { $e }
app-challenge-challenge-on-s-open-your = Desafio «{ $name }»: { $label_of } em { $label_of2 }, { $v0 } s. Abre o teu programa (Ficheiro > Abrir) e carrega em Executar.
app-challenge-open-your-program-first-file = Primeiro abre o teu programa (Ficheiro > Abrir).
app-challenge-cannot-grade-the-seeds = Não é possível avaliar as sementes: { $e }
app-challenge-the-grading-thread-stopped = o fio de avaliação parou
challenge-row = { $mark } { $task } — { $count ->
        [one] { $points } ponto
       *[other] { $points } pontos
    }
files-open-a-challenge = Abrir um desafio
files-open-this-challenge = Abrir este desafio
main-a-program-is-running-challenge = Há um programa a correr. Todos os robôs deste mundo saem e o robô, o chão e o início do desafio ficam no seu lugar; depois abre o teu programa para ele.
main-open-the-challenge = Abrir o desafio { $name }?
toolbar-challenges-tip = Tarefas para resolver com um programa: chegar a um sítio, evitar outro, seguir uma linha; cada uma diz como é pontuada
toolbar-trail-tip = Desenha no chão, com uma linha cor de laranja, por onde o robô passou (pálida depois do momento mostrado); Parar apaga-a
toolbar-trail-short-tip = Desenha no chão, com uma linha cor de laranja, por onde o robô passou; Parar apaga-a
