//! The page's own words: headings, labels, buttons, hints and messages. Kubernetes terms, flags, file
//! names and commands stay as the real tools print them. The page's frame (transport, log, tours,
//! actions, export, keys) is here; the cluster as drawn is in `picture`, the settings card, the
//! capacity plan and the editor in `settings`, the cluster presets and the "your cluster" import in
//! `cluster`, "Write a lesson" in `writer`, all re-exported here.

mod cluster;
mod notices;
mod picture;
mod settings;
mod writer;

pub use cluster::*;
pub use notices::*;
pub use picture::*;
pub use settings::*;
pub use writer::*;

use super::texts;
use super::Text;

/// Every text of the page with its name, for the completeness tests.
pub fn all() -> Vec<(&'static str, Text)> {
    ALL.iter()
        .chain(picture::ALL)
        .chain(settings::ALL)
        .chain(cluster::ALL)
        .chain(notices::ALL)
        .chain(writer::ALL)
        .copied()
        .collect()
}

texts! {
    // The page.
    /// The page's title (a tour's page is titled with the tour).
    PAGE_TITLE => { en: "how Kubernetes gives a Pod its IP", zh: "Kubernetes 如何为 Pod 分配 IP", ja: "Kubernetes が Pod に IP を割り当てる仕組み" },
    /// Under the title.
    TAGLINE => {
        en: "How Kubernetes gives a Pod its IP address — the node IPAM controller's subnets, then host-local's addresses, exactly as the real code does it.",
        zh: "Kubernetes 如何为 Pod 分配 IP 地址——先由 node IPAM 控制器划分子网，再由 host-local 分配地址，与真实代码的行为完全一致。",
        ja: "Kubernetes が Pod に IP アドレスを割り当てる仕組みを、実際のコードどおりに再現します。まず node IPAM コントローラーがサブネットを、次に host-local がアドレスを割り当てます。",
    },
    /// The language switcher's label.
    LANGUAGE => { en: "Language", zh: "语言", ja: "言語" },
    /// The theme switcher's label.
    THEME => { en: "Theme", zh: "主题", ja: "テーマ" },
    /// Theme: follow `prefers-color-scheme`.
    THEME_SYSTEM => { en: "system", zh: "跟随系统", ja: "システム設定" },
    /// Theme: light.
    THEME_LIGHT => { en: "light", zh: "浅色", ja: "ライト" },
    /// Theme: dark.
    THEME_DARK => { en: "dark", zh: "深色", ja: "ダーク" },
    /// The share button.
    COPY_LINK => { en: "Copy link", zh: "复制链接", ja: "リンクをコピー" },
    /// After copying.
    LINK_COPIED => { en: "Link copied", zh: "链接已复制", ja: "リンクをコピーしました" },
    /// The link field's label.
    LINK_FIELD => { en: "link to this view", zh: "当前视图的链接", ja: "この表示へのリンク" },
    /// When part of a link was refused: {0} what.
    LINK_PROBLEM => {
        en: "Part of this link could not be used ({0}); the rest is shown, with defaults for what was refused.",
        zh: "此链接的部分内容无法使用（{0}）；其余部分照常显示，被拒绝的部分使用默认值。",
        ja: "このリンクの一部は使えませんでした（{0}）。残りはそのまま表示し、使えなかった部分はデフォルト値にしています。",
    },
    /// A link longer than accepted: {0} its length, {1} the limit (bytes).
    LINK_TOO_LONG => {
        en: "the link is {0} bytes long, more than the {1} accepted",
        zh: "链接长 {0} 字节，超过允许的 {1} 字节",
        ja: "リンクが {0} バイトあり、上限の {1} バイトを超えています",
    },
    /// `s=` is not base64url.
    LINK_BAD_BASE64 => { en: "s= is not base64url", zh: "s= 不是 base64url", ja: "s= が base64url ではありません" },
    /// `s=` does not inflate.
    LINK_BAD_DEFLATE => {
        en: "s= does not hold a deflated scenario",
        zh: "s= 中没有经 deflate 压缩的场景",
        ja: "s= に圧縮されたシナリオが入っていません",
    },
    /// `s=` inflates past the most a link carries: {0} bytes.
    LINK_SCENARIO_TOO_LONG => {
        en: "s= holds a scenario of more than {0} bytes, the most a link carries",
        zh: "s= 中的场景超过 {0} 字节，超出链接能携带的上限",
        ja: "s= のシナリオが {0} バイトを超えており、リンクで運べる上限を超えています",
    },
    /// `s=` is not UTF-8.
    LINK_NOT_UTF8 => { en: "s= does not hold UTF-8 text", zh: "s= 的内容不是 UTF-8 文本", ja: "s= が UTF-8 のテキストではありません" },
    /// A parameter with a value it does not take: {0} `name=value`.
    LINK_BAD_VALUE => { en: "{0} is not valid", zh: "{0} 无效", ja: "{0} は無効です" },
    /// When a link's settings were refused: {0} kube-controller-manager's error.
    LINK_SETTINGS_REFUSED => {
        en: "The link's settings were refused: {0}",
        zh: "链接中的设置被拒绝：{0}",
        ja: "リンクの設定は拒否されました：{0}",
    },
    /// A link's `step=` past the last step of its tour or lesson: {0} the step given, {1} how many
    /// steps there are.
    LINK_STEP_PAST_END => {
        en: "step={0} is past the last step ({1})",
        zh: "step={0} 超出了最后一步（第 {1} 步）",
        ja: "step={0} は最後のステップ（{1}）より後です",
    },
    /// A link's `step=` with no tour or lesson to count it in: {0} the step given.
    LINK_STEP_NO_TOUR => {
        en: "step={0} needs a tour",
        zh: "step={0} 需要与导览一起使用",
        ja: "step={0} はツアーと一緒に指定してください",
    },
    /// The link's lesson was not opened: {0} why, in the checker's English (an address refused, the
    /// fetch's status, the lesson's `line N: …` problems).
    LINK_LESSON_REFUSED => {
        en: "The link's lesson was not opened: {0}",
        zh: "链接中的课程未能打开：{0}",
        ja: "リンクのレッスンは開けませんでした：{0}",
    },

    // Export: the view as files, and the embed code.
    /// The export menu's button.
    EXPORT => { en: "Export", zh: "导出", ja: "エクスポート" },
    /// The export menu's label, for screen readers.
    EXPORT_LABEL => {
        en: "download this view as files",
        zh: "将当前视图下载为文件",
        ja: "この表示をファイルとしてダウンロード",
    },
    /// Download the scenario text.
    EXPORT_SCENARIO => { en: "Scenario (.podip)", zh: "场景（.podip）", ja: "シナリオ（.podip）" },
    /// Download the state at the playhead, as `podip state` prints it.
    EXPORT_STATE => { en: "State at this time (.json)", zh: "此时的状态（.json）", ja: "この時点の状態（.json）" },
    /// Download the transcript up to the playhead, as `podip run` prints it.
    EXPORT_TRANSCRIPT => {
        en: "Transcript up to this time (.txt)",
        zh: "截至此时的运行记录（.txt）",
        ja: "この時点までの実行記録（.txt）",
    },
    /// Download the stage as SVG.
    EXPORT_SVG => { en: "Stage picture (.svg)", zh: "集群图（.svg）", ja: "クラスターの図（.svg）" },
    /// Download the stage as PNG.
    EXPORT_PNG => { en: "Stage picture (.png)", zh: "集群图（.png）", ja: "クラスターの図（.png）" },
    /// Under the exported picture's title, at a tour step: {0} step, {1} steps, {2} time.
    EXPORT_STEP_TIME => {
        en: "step {0} of {1} · t = {2}",
        zh: "第 {0} 步，共 {1} 步 · t = {2}",
        ja: "ステップ {0} / {1} · t = {2}",
    },
    /// When a file could not be made: {0} why.
    EXPORT_FAILED => { en: "Could not export: {0}", zh: "无法导出：{0}", ja: "エクスポートできませんでした：{0}" },
    /// Copy the `<iframe>` that embeds this view.
    COPY_EMBED => { en: "Copy embed code", zh: "复制嵌入代码", ja: "埋め込みコードをコピー" },
    /// After copying the embed code.
    EMBED_COPIED => { en: "Embed code copied", zh: "嵌入代码已复制", ja: "埋め込みコードをコピーしました" },
    /// The embed code field's label.
    EMBED_FIELD => { en: "embed code for this view", zh: "当前视图的嵌入代码", ja: "この表示の埋め込みコード" },
    /// Dismiss a message or dialog.
    CLOSE => { en: "close", zh: "关闭", ja: "閉じる" },
    /// A panic: {0} the message.
    PANIC => {
        en: "podip stopped because of a bug: {0}. Reload the page; please report this with what you typed.",
        zh: "podip 因程序错误而停止：{0}。请刷新页面，并在报告问题时附上你输入的内容。",
        ja: "podip は不具合のため停止しました：{0}。ページを再読み込みしてください。報告の際は入力した内容を添えてください。",
    },
    /// After a crash: a link to the page without the link's scenario and settings.
    OPEN_DEFAULT => { en: "Open podip without this link", zh: "不带此链接打开 podip", ja: "このリンクなしで podip を開く" },
    /// The masthead's link to the article "Where does a Pod's IP come from?" in the page's language.
    ARTICLE_LINK => { en: "The article", zh: "图文讲解", ja: "解説記事" },
    /// The embedded player's link to the whole app.
    OPEN_FULL => { en: "Open in podip ↗", zh: "在 podip 中打开 ↗", ja: "podip で開く ↗" },
    /// A `<podip-figure>`'s accessible name: {0} its tour, step and time.
    FIGURE_LABEL => { en: "podip figure: {0}", zh: "podip 图：{0}", ja: "podip の図：{0}" },
    /// A `<podip-figure>` that cannot be drawn: {0} why (its attribute, or its scenario's line).
    FIGURE_PROBLEM => {
        en: "This podip figure cannot be drawn: {0}",
        zh: "无法绘制此 podip 图：{0}",
        ja: "この podip の図は描画できません：{0}",
    },
    /// The embedded player's region label.
    PLAYER => { en: "podip player", zh: "podip 播放器", ja: "podip プレーヤー" },

    // Keyboard help.
    /// The help button and dialog title.
    SHORTCUTS => { en: "Keyboard shortcuts", zh: "键盘快捷键", ja: "キーボードショートカット" },
    /// Space.
    KEY_SPACE => { en: "play / pause", zh: "播放 / 暂停", ja: "再生 / 一時停止" },
    /// Arrows.
    KEY_ARROWS => { en: "step back / step to the next event (in the presenter view: as PgUp / PgDn)", zh: "后退 / 前进到下一个事件（演示视图中：同 PgUp / PgDn）", ja: "前のイベントへ戻る / 次のイベントへ進む（プレゼンテーション表示では PgUp / PgDn と同じ）" },
    /// Page Up and Page Down, the keys a presentation remote sends.
    KEY_PAGES => { en: "a presentation remote's previous / next: the tour's question, then its answer, then its step, which plays at 1× up to the next (in the presenter view, also ← / →, ↑ / ↓ and Space)", zh: "翻页笔的上一页 / 下一页：先是导览的问题，再是答案，然后是这一步，以 1× 播放到下一步（演示视图中 ← / →、↑ / ↓ 和空格键也一样）", ja: "プレゼンテーション用リモコンの前 / 次：ツアーの問題、その答え、そのステップの順に表示し、ステップは次のステップまで 1× で再生（プレゼンテーション表示では ← / →、↑ / ↓、スペースキーも同じ）" },
    /// The blank-screen keys of a presentation remote.
    KEY_BLANK => { en: "in the presenter view: blank the screen, until the next press", zh: "演示视图中：黑屏，再按一次即恢复", ja: "プレゼンテーション表示で画面を消す（もう一度押すと元に戻る）" },
    /// The C key.
    KEY_COMMAND => { en: "in the presenter view: show or hide the command that shows the step on a real cluster", zh: "演示视图中：显示或隐藏在真实集群上查看这一步的命令", ja: "プレゼンテーション表示で、実際のクラスターでこのステップを確かめるコマンドを表示 / 非表示" },
    /// Plus and minus.
    KEY_SPEED => { en: "slower / faster", zh: "减速 / 加速", ja: "遅く / 速く" },
    /// Question mark.
    KEY_HELP => { en: "show or hide this help", zh: "显示或隐藏本帮助", ja: "このヘルプを表示 / 非表示" },
    /// Escape.
    KEY_ESCAPE => { en: "close this help, or leave the presenter view", zh: "关闭本帮助，或退出演示视图", ja: "このヘルプを閉じる、またはプレゼンテーション表示を終了" },
    /// The P key.
    KEY_PRESENT => { en: "presenter view: the cluster's picture and the step's words, filling the screen", zh: "演示视图：只显示集群图和当前步骤的说明，占满屏幕", ja: "プレゼンテーション表示：クラスターの図とステップの説明だけを画面いっぱいに表示" },
    /// The toolbar's button that enters the presenter view.
    PRESENT => { en: "Present", zh: "演示", ja: "プレゼンテーション" },
    /// The presenter view's button that leaves it.
    LEAVE_PRESENT => { en: "Leave (Esc)", zh: "退出（Esc）", ja: "終了（Esc）" },
    /// Live-region announcement of a step: {0} time, {1} reason, {2} object, {3} message.
    ANNOUNCE => {
        en: "At {0}: {1}, {2}. {3}",
        zh: "{0}：{2} 发生 {1}。{3}",
        ja: "{0}：{2} で {1}。{3}",
    },

    // The transport bar.
    /// Group label.
    TIMELINE_CONTROLS => { en: "timeline controls", zh: "时间轴控制", ja: "タイムライン操作" },
    /// Play button.
    PLAY => { en: "▶ play", zh: "▶ 播放", ja: "▶ 再生" },
    /// Play, for screen readers.
    PLAY_LABEL => { en: "play", zh: "播放", ja: "再生" },
    /// Pause button.
    PAUSE => { en: "❚❚ pause", zh: "❚❚ 暂停", ja: "❚❚ 一時停止" },
    /// Pause, for screen readers.
    PAUSE_LABEL => { en: "pause", zh: "暂停", ja: "一時停止" },
    /// Step back button.
    BACK => { en: "◀ back", zh: "◀ 后退", ja: "◀ 戻る" },
    /// Step back, for screen readers.
    BACK_LABEL => { en: "step back to the previous event", zh: "后退到上一个事件", ja: "前のイベントへ戻る" },
    /// Step button.
    STEP => { en: "step ▶", zh: "单步 ▶", ja: "ステップ ▶" },
    /// Step, for screen readers.
    STEP_LABEL => { en: "step to the next event", zh: "前进到下一个事件", ja: "次のイベントへ進む" },
    /// Speed selector.
    SPEED => { en: "speed", zh: "速度", ja: "速度" },
    /// Speed, for screen readers.
    SPEED_LABEL => { en: "playback speed", zh: "播放速度", ja: "再生速度" },
    /// The fastest speed.
    INSTANT => { en: "instant", zh: "即时", ja: "即時" },
    /// The scrubber.
    VIRTUAL_TIME => { en: "virtual time", zh: "虚拟时间", ja: "仮想時刻" },

    // The event log.
    /// Heading.
    EVENTS => { en: "Events", zh: "事件", ja: "イベント" },
    /// List label.
    EVENT_LOG => { en: "event log", zh: "事件日志", ja: "イベントログ" },
    /// A step below the API ("Normal"/"Warning" stay as Kubernetes prints them).
    KIND_STEP => { en: "step", zh: "步骤", ja: "ステップ" },
    /// The selected event's upstream code: {0} function, {1} file.
    THIS_IS => { en: "This is {0} in {1}", zh: "对应 {1} 中的 {0}", ja: "これは {1} の {0} です" },
    /// Under the log: {0} drawn, {1} total.
    LATEST_EVENTS => {
        en: "showing the latest {0} of {1} events",
        zh: "显示最近 {0} 条，共 {1} 条事件",
        ja: "全 {1} 件のうち最新 {0} 件を表示",
    },
    /// The hint of the log.
    SELECT_EVENT => {
        en: "Select an event to see what it means and the upstream code it models.",
        zh: "选择一个事件，查看它的含义以及它所模拟的上游代码。",
        ja: "イベントを選ぶと、その意味と、モデルにしたアップストリームのコードが表示されます。",
    },
    /// In the log before anything happened.
    NO_EVENTS_YET => {
        en: "Nothing has happened yet: press play or step.",
        zh: "还没有发生任何事件：请按播放或单步。",
        ja: "まだ何も起きていません。再生かステップを押してください。",
    },

    // Tours.
    /// Heading.
    GUIDED_TOURS => { en: "Guided tours", zh: "导览", ja: "ガイドツアー" },
    /// Narration header: {0} tour, {1} step, {2} steps, {3} time.
    STEP_OF => {
        en: "{0} — step {1} of {2} (t = {3})",
        zh: "{0}——第 {1} 步，共 {2} 步（t = {3}）",
        ja: "{0}——ステップ {1} / {2}（t = {3}）",
    },
    /// The presenter's caption header at a question: {0} tour, {1} question, {2} questions.
    QUESTION_OF => {
        en: "{0} — question {1} of {2}",
        zh: "{0}——第 {1} 题，共 {2} 题",
        ja: "{0}——問題 {1} / {2}",
    },
    /// The presenter's caption header at a question's answer: {0} tour, {1} question, {2} questions,
    /// {3} time.
    ANSWER_OF => {
        en: "{0} — question {1} of {2}: the answer (t = {3})",
        zh: "{0}——第 {1} 题的答案，共 {2} 题（t = {3}）",
        ja: "{0}——問題 {1} / {2} の答え（t = {3}）",
    },
    /// Narration header before the first step: {0} tour.
    INTRODUCTION => { en: "{0} — introduction", zh: "{0}——简介", ja: "{0}——はじめに" },
    /// Previous step.
    PREV_STEP => { en: "◀ previous step", zh: "◀ 上一步", ja: "◀ 前のステップ" },
    /// Next step.
    NEXT_STEP => { en: "next step ▶", zh: "下一步 ▶", ja: "次のステップ ▶" },
    /// Under a step's words, before the link to the upstream code its event models.
    /// The path a Pod's address takes, drawn in a tour's introduction and lit at each step.
    PATH_TITLE => { en: "The path of a Pod's address", zh: "Pod 地址的来路", ja: "Pod のアドレスがたどる経路" },
    /// Where the step stands on that path.
    PATH_HERE => { en: "Here:", zh: "此处：", ja: "現在地：" },
    STEP_SOURCE => { en: "Upstream code:", zh: "上游代码：", ja: "アップストリームのコード：" },
    /// A step whose words cannot follow the settings in force: they tell the tour's own cluster.
    OWN_CLUSTER => {
        en: "These words describe the tour's own cluster, not the settings in force now.",
        zh: "这段文字描述的是导览自己的集群，而不是当前生效的设置。",
        ja: "この説明はツアー本来のクラスターのもので、いまの設定のものではありません。",
    },
    /// The way back: the tour's own scenario, at the same step.
    OWN_CLUSTER_BACK => { en: "Back to the tour's cluster", zh: "回到导览的集群", ja: "ツアーのクラスターに戻す" },
    /// An author's lesson under other settings: its words are never retold.
    LESSON_OWN_CLUSTER => {
        en: "These words describe the lesson's own cluster, not the settings in force now.",
        zh: "这段文字描述的是课程自己的集群，而不是当前生效的设置。",
        ja: "この説明はレッスン本来のクラスターのもので、いまの設定のものではありません。",
    },
    /// The way back: the lesson's own scenario, at the same step.
    LESSON_OWN_CLUSTER_BACK => { en: "Back to the lesson's cluster", zh: "回到课程的集群", ja: "レッスン本来のクラスターへ" },
    /// Opens the links to the user reports and upstream threads a tour is told from: {0} how many.
    TOUR_SOURCES => {
        en: "Told from {0} user reports and upstream threads",
        zh: "依据 {0} 个用户报告和上游讨论",
        ja: "出典：ユーザー報告とアップストリームの議論 {0} 件",
    },

    // Actions.
    /// Region label.
    ACTIONS => { en: "actions", zh: "操作", ja: "操作" },
    /// Add a node: {0} its name.
    ADD_NODE => { en: "+ node ({0})", zh: "+ 节点（{0}）", ja: "+ ノード（{0}）" },
    /// Delete a node: {0} its name.
    DELETE_NODE => { en: "− node ({0})", zh: "− 节点（{0}）", ja: "− ノード（{0}）" },
    /// Before the node selector.
    ON_NODE => { en: "on", zh: "节点", ja: "配置先" },
    /// The node selector, for screen readers.
    NODE_FOR_NEW_PODS => { en: "node for new pods", zh: "新 Pod 所在的节点", ja: "新しい Pod を置くノード" },
    /// The requested IP field.
    REQUESTED_IP => { en: "requested IP", zh: "指定 IP", ja: "要求する IP" },
    /// Its placeholder.
    REQUESTED_IP_HINT => { en: "optional (CNI_ARGS IP=)", zh: "可选（CNI_ARGS IP=）", ja: "任意（CNI_ARGS IP=）" },
    /// Add a pod: {0} its name.
    ADD_POD => { en: "+ pod ({0})", zh: "+ Pod（{0}）", ja: "+ Pod（{0}）" },
    /// How many pods.
    COUNT => { en: "count", zh: "数量", ja: "個数" },
    /// Add many pods.
    ADD_MANY => { en: "+ many pods", zh: "+ 批量 Pod", ja: "+ Pod をまとめて" },
    /// Before a refused scenario line or action.
    ERROR => { en: "error:", zh: "错误：", ja: "エラー：" },

    // The tours' questions.
    /// The prediction held.
    QUIZ_RIGHT => { en: "Right.", zh: "答对了。", ja: "正解です。" },
    /// The answer shown by a presenter's press, for a room's predictions: {0} the right answer.
    QUIZ_ANSWER => { en: "The answer: {0}.", zh: "答案：{0}。", ja: "正解：{0}。" },
    /// It did not: {0} the right answer.
    QUIZ_WRONG => { en: "Not this time: the answer is {0}.", zh: "这次没猜中：答案是 {0}。", ja: "今回は外れです。正解は {0} です。" },
}
