//! The words of "Write a lesson": a lesson written in the page, step by step.

use crate::i18n::texts;

texts! {
    /// Heading.
    WRITE_LESSON => { en: "Write a lesson", zh: "编写课程", ja: "レッスンの作成" },
    /// Under the heading.
    WRITER_LEDE => {
        en: "Tell your own story: start from a built-in lesson or an empty one, play or scrub its run, pick an event in the event log (or stop at a moment) and add a step there. The lesson file is written beside it, checked as you type, and kept in this browser.",
        zh: "讲述你自己的故事：从内置课程或空白课程开始，播放或拖动它的运行，在事件日志中选一个事件（或停在某一时刻），在那里添加一步。课程文件写在旁边，输入时即检查，并保存在此浏览器中。",
        ja: "自分のストーリーを伝えましょう。組み込みのレッスンか空のレッスンから始め、その実行を再生またはシークし、イベントログでイベントを選んで（またはある時点で止めて）そこにステップを追加します。レッスンファイルは横に書き出され、入力のたびにチェックされ、このブラウザに保存されます。",
    },
    /// The list of lessons to start from.
    WRITER_FROM => { en: "Start from", zh: "从这里开始", ja: "開始元" },
    /// The empty lesson, in that list.
    WRITER_EMPTY => { en: "an empty lesson", zh: "空白课程", ja: "空のレッスン" },
    /// Starts writing (replacing what was written).
    WRITER_START => { en: "Start writing", zh: "开始编写", ja: "作成開始" },
    /// The lesson's title field.
    WRITER_TITLE => { en: "Title", zh: "标题", ja: "タイトル" },
    /// The lesson's introduction field.
    WRITER_INTRO => { en: "Introduction", zh: "简介", ja: "イントロダクション" },
    /// The event a step added now waits for: {0} the event (`IPAMReserve pod/a`).
    WRITER_PICKED => {
        en: "A step added here waits for {0}.",
        zh: "在这里添加的一步会等待 {0}。",
        ja: "ここで追加するステップは {0} を待ちます。",
    },
    /// No event to add a step at: the run shown is another scenario's, or nothing happened yet.
    WRITER_NO_EVENT => {
        en: "To add a step, play this lesson's run (Play as a learner) and pick an event in the event log, or move the playhead past one.",
        zh: "要添加一步，请播放本课程的运行（以学习者身份播放），并在事件日志中选一个事件，或把播放位置移过某个事件。",
        ja: "ステップを追加するには、このレッスンの実行を再生し（学習者として再生）、イベントログでイベントを選ぶか、再生位置をイベントの後ろまで進めてください。",
    },
    /// Adds a step at the event picked.
    WRITER_ADD => { en: "Add a step here", zh: "在这里添加一步", ja: "ここにステップを追加" },
    /// A step's box: {0} its number, {1} its id.
    WRITER_STEP => { en: "Step {0}: {1}", zh: "第 {0} 步：{1}", ja: "ステップ {0}：{1}" },
    /// A step's id field.
    WRITER_STEP_ID => { en: "Step id", zh: "步骤 id", ja: "ステップ id" },
    /// A step's event field.
    WRITER_WAITS_FOR => { en: "Waits for (REASON OBJECT)", zh: "等待的事件（REASON OBJECT）", ja: "待つイベント（REASON OBJECT）" },
    /// A step's words field.
    WRITER_WORDS => { en: "Words", zh: "说明", ja: "説明" },
    /// Moves a step earlier: {0} its id.
    WRITER_UP => { en: "Move {0} up", zh: "上移 {0}", ja: "{0} を上へ" },
    /// Moves a step later: {0} its id.
    WRITER_DOWN => { en: "Move {0} down", zh: "下移 {0}", ja: "{0} を下へ" },
    /// Deletes a step: {0} its id.
    WRITER_DELETE => { en: "Delete {0}", zh: "删除 {0}", ja: "{0} を削除" },
    /// Asks a question before a step.
    WRITER_ASK => { en: "Ask a question before it", zh: "在这一步前提问", ja: "このステップの前に問題を追加" },
    /// Removes the question before a step.
    WRITER_UNASK => { en: "Remove the question", zh: "删除问题", ja: "問題を削除" },
    /// The question field.
    WRITER_QUESTION => { en: "Question", zh: "问题", ja: "問題" },
    /// A choice field: {0} its number.
    WRITER_CHOICE => { en: "Choice {0}", zh: "选项 {0}", ja: "選択肢 {0}" },
    /// The radio button marking a choice right: {0} its number.
    WRITER_RIGHT => { en: "choice {0} is right", zh: "选项 {0} 正确", ja: "選択肢 {0} が正解" },
    /// Adds a choice.
    WRITER_ADD_CHOICE => { en: "Add a choice", zh: "添加选项", ja: "選択肢を追加" },
    /// The field saying why.
    WRITER_WHY => { en: "Why (shown once answered)", zh: "原因（回答后显示）", ja: "理由（回答後に表示）" },
    /// The lesson file's heading.
    WRITER_FILE => { en: "The lesson file", zh: "课程文件", ja: "レッスンファイル" },
    /// The lesson checks: {0} its steps.
    WRITER_CHECKS => {
        en: "The lesson checks: {0} steps, each at its event of the run.",
        zh: "课程检查通过：{0} 步，每一步都对应运行中的事件。",
        ja: "レッスンのチェックに合格しました：{0} ステップ、それぞれが実行中のイベントに対応しています。",
    },
    /// One step: {0} 1.
    WRITER_CHECKS_ONE => {
        en: "The lesson checks: {0} step, at its event of the run.",
        zh: "课程检查通过：{0} 步，每一步都对应运行中的事件。",
        ja: "レッスンのチェックに合格しました：{0} ステップ、それぞれが実行中のイベントに対応しています。",
    },
    /// Plays the lesson in the theatre.
    WRITER_PLAY => { en: "Play as a learner", zh: "以学习者身份播放", ja: "学習者として再生" },
    /// Downloads the lesson file.
    WRITER_DOWNLOAD => { en: "Download (.md)", zh: "下载（.md）", ja: "ダウンロード（.md）" },
    /// The link field's label.
    WRITER_LINK => { en: "Link to this lesson", zh: "本课程的链接", ja: "このレッスンへのリンク" },
    /// The lesson the theatre tells, in the list of lessons to start from.
    WRITER_OPEN => { en: "the lesson open above", zh: "上方打开的课程", ja: "上で開いているレッスン" },
    /// The field naming a built-in scenario.
    WRITER_SCENARIO => { en: "Scenario (a built-in's name)", zh: "场景（内置场景的名称）", ja: "シナリオ（組み込みシナリオの名前）" },
    /// Replaces the built-in's name by its text, to edit.
    WRITER_WRITE_OUT => { en: "Write the scenario out", zh: "写出完整场景", ja: "シナリオの書き出し" },
    /// The field of the scenario written out.
    WRITER_SCENARIO_TEXT => { en: "Scenario (as podip run reads it)", zh: "场景（podip run 读取的格式）", ja: "シナリオ（podip run が読む形式）" },
    /// A step's shows field.
    WRITER_SHOWS => {
        en: "Shows: the things its picture must show, by the stage's names, space-separated",
        zh: "显示：图中必须出现的内容，用集群图上的名称，以空格分隔",
        ja: "表示：図に必ず描くもの（図での名前、空白区切り）",
    },
    /// A step's command field.
    WRITER_COMMAND => {
        en: "Command that shows it on a real cluster",
        zh: "在真实集群上查看它的命令",
        ja: "実際のクラスターで確認するコマンド",
    },
    /// The sources field.
    WRITER_SOURCES => {
        en: "Sources, one a line: [owner/repo#123](https://github.com/owner/repo/issues/123)",
        zh: "来源，每行一个：[owner/repo#123](https://github.com/owner/repo/issues/123)",
        ja: "出典（1 行に 1 つ）：[owner/repo#123](https://github.com/owner/repo/issues/123)",
    },
    /// The learner's view's heading.
    WRITER_LEARNER => { en: "As a learner sees it", zh: "学习者看到的样子", ja: "学習者に見える内容" },
    /// Above the learner's view of a step: {0} its number, {1} how many steps.
    WRITER_STEP_OF => { en: "Step {0} of {1}", zh: "第 {0} 步，共 {1} 步", ja: "ステップ {0} / {1}" },
    /// The stage shows another run than the lesson's.
    WRITER_OTHER_RUN => {
        en: "The stage shows another run: play this lesson (Play as a learner) to see its steps on it.",
        zh: "集群图显示的是另一个运行：播放本课程（以学习者身份播放）即可在图上看到它的各步。",
        ja: "図は別の実行を表示しています。このレッスンを再生すると（学習者として再生）各ステップが図に表示されます。",
    },
    /// How to pick a thing on the stage.
    WRITER_PICK_HINT => {
        en: "Pick a pod, a node or an IP file on this stage (click it, or Tab to it and press Enter): the playhead goes to its next event, for a step to wait for.",
        zh: "在这张集群图上选一个 Pod、节点或 IP 文件（点击它，或用 Tab 移到它并按 Enter）：播放位置移到它的下一个事件，供一步等待。",
        ja: "この図で Pod、ノード、IP ファイルのどれかを選ぶと（クリック、または Tab で移動して Enter）、再生位置がその次のイベントに移り、ステップが待つイベントになります。",
    },
    /// Makes the step followed wait for the event picked: {0} the step's number, {1} the event.
    WRITER_WAIT_HERE => { en: "Step {0} waits for {1}", zh: "第 {0} 步等待 {1}", ja: "ステップ {0} の待つイベント：{1}" },
    /// Adds the thing picked to the step followed's shows: {0} the step's number, {1} the thing.
    WRITER_SHOW_HERE => { en: "Step {0} shows {1}", zh: "第 {0} 步显示 {1}", ja: "ステップ {0} で {1} を表示" },
    /// The language the texts are written in, above the fields.
    WRITER_TEXTS_IN => { en: "Write the texts in", zh: "编写文本所用的语言", ja: "テキストを書く言語" },
    /// How much of the lesson a language has: {0} the language, {1} texts translated, {2} texts, {3} of them stale.
    WRITER_TRANSLATED => {
        en: "{0}: {1} of {2} texts translated, {3} of them stale (their English changed after they were written). English is always required.",
        zh: "{0}：{2} 段文本中已翻译 {1} 段，其中 {3} 段已过时（写好后其英文有改动）。英文始终必填。",
        ja: "{0}：{2} 個のテキストのうち {1} 個が翻訳済みで、そのうち {3} 個は古くなっています（書いた後に英語が変更されました）。英語は常に必須です。",
    },
    /// A translation's field: {0} the field's name, {1} the language.
    WRITER_IN => { en: "{0} in {1}", zh: "{0}（{1}）", ja: "{0}（{1}）" },
    /// The English a translation translates, shown above it: {0} the English.
    WRITER_ENGLISH => { en: "English: {0}", zh: "英文：{0}", ja: "英語：{0}" },
    /// A stale translation.
    WRITER_STALE => {
        en: "The English changed after this translation was written: learners see the English until the translation is updated.",
        zh: "这段翻译写好后英文有改动：在更新翻译之前，学习者看到的是英文。",
        ja: "この翻訳を書いた後に英語が変更されました。翻訳を更新するまで、学習者には英語が表示されます。",
    },
    /// Marks a stale translation as still right.
    WRITER_STILL_SAYS => { en: "The translation still matches", zh: "翻译仍然准确", ja: "翻訳は現在の英語と一致" },
}
