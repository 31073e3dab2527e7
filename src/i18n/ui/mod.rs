//! The page's own words: headings, labels, buttons, hints and messages. Kubernetes terms, flags, file
//! names and commands stay as the real tools print them. The words of the cluster presets and of the
//! "your cluster" import are in `cluster`, re-exported here with the rest.

mod cluster;

pub use cluster::*;

use super::texts;
use super::Text;
use crate::sim::grid::CellStatus;
use crate::sim::KnobId;

/// Every text of the page with its name, for the completeness tests.
pub fn all() -> Vec<(&'static str, Text)> {
    ALL.iter().chain(cluster::ALL).copied().collect()
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
    THEME_SYSTEM => { en: "system", zh: "跟随系统", ja: "システムに合わせる" },
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

    // Nodes.
    /// Region label.
    NODES => { en: "nodes", zh: "节点", ja: "ノード" },
    /// No nodes.
    NO_NODES => {
        en: "No nodes yet. Add one, or play a tour.",
        zh: "还没有节点。添加一个，或播放一个导览。",
        ja: "まだノードがありません。追加するか、ツアーを再生してください。",
    },
    /// More nodes than cards: {0} how many.
    MORE_NODES => {
        en: "… and {0} more nodes: see the address map.",
        zh: "……另有 {0} 个节点：请看地址图。",
        ja: "……ほか {0} 台のノード：アドレスマップを参照してください。",
    },
    /// More files than drawn: {0} how many.
    MORE_FILES => { en: "… and {0} more files", zh: "……另有 {0} 个文件", ja: "……ほか {0} 個のファイル" },
    /// More pods than drawn: {0} how many.
    MORE_PODS => { en: "… and {0} more pods", zh: "……另有 {0} 个 Pod", ja: "……ほか {0} 個の Pod" },
    /// More routes than drawn: {0} how many.
    MORE_ROUTES => { en: "… and {0} more routes", zh: "……另有 {0} 条路由", ja: "……ほか {0} 本のルート" },
    /// A node card: {0} name.
    NODE_LABEL => { en: "node {0}", zh: "节点 {0}", ja: "ノード {0}" },
    /// Before a node card's podCIDRs (the field stays as the API names it).
    NODE_POD_CIDRS => { en: "spec.podCIDRs: ", zh: "spec.podCIDRs：", ja: "spec.podCIDRs：" },
    /// No podCIDR yet.
    NONE_YET => { en: "none yet", zh: "尚未分配", ja: "未割り当て" },
    /// The conflist exists.
    CONFLIST_WRITTEN => { en: "{0} written", zh: "已写入 {0}", ja: "{0} 書き込み済み" },
    /// No conflist yet.
    NO_CNI_CONFIG => { en: "no CNI config yet", zh: "尚无 CNI 配置", ja: "CNI 設定はまだありません" },
    /// The address grid: {0} subnet.
    ADDRESSES_OF => { en: "addresses of {0}", zh: "{0} 的地址", ja: "{0} のアドレス" },
    /// A truncated grid: {0} drawn, {1} subnet.
    FIRST_ADDRESSES => { en: "first {0} addresses of {1}", zh: "{1} 的前 {0} 个地址", ja: "{1} の先頭 {0} 個のアドレス" },
    /// Grid cell: the network address.
    CELL_NETWORK => { en: "network", zh: "网络地址", ja: "ネットワークアドレス" },
    /// Grid cell: the gateway.
    CELL_GATEWAY => { en: "gateway", zh: "网关", ja: "ゲートウェイ" },
    /// Grid cell: the broadcast address.
    CELL_BROADCAST => { en: "broadcast", zh: "广播地址", ja: "ブロードキャスト" },
    /// Grid cell: an IP file exists.
    CELL_RESERVED => { en: "reserved", zh: "已占用", ja: "割り当て済み" },
    /// Grid cell: an IP file whose sandbox a reboot took.
    CELL_ORPHANED => {
        en: "file of a sandbox that is gone",
        zh: "所属沙箱已不存在的文件",
        ja: "サンドボックスがすでに存在しないファイル",
    },
    /// Grid cell: free behind the cursor.
    CELL_FREED => { en: "freed, waits for the wrap", zh: "已释放，需等待绕回", ja: "解放済み、一周するまで再利用不可" },
    /// Grid cell: free.
    CELL_FREE => { en: "free", zh: "空闲", ja: "空き" },
    /// Grid cell: the cursor.
    CELL_NEXT => {
        en: "next candidate after last_reserved_ip",
        zh: "last_reserved_ip 之后的下一个候选",
        ja: "last_reserved_ip の次の候補",
    },
    /// Grid legend label.
    GRID_LEGEND => { en: "address grid legend", zh: "地址格图例", ja: "アドレスグリッドの凡例" },
    /// Open a pod's network view: {0} pod.
    SHOW_POD_NETWORK => { en: "show the network of pod {0}", zh: "显示 Pod {0} 的网络", ja: "Pod {0} のネットワークを表示" },
    /// A veth pair: {0} pod ifindex, {1} host veth, {2} its peer index.
    VETH_PAIR => {
        en: "veth pair eth0@if{0} to {1}@if{2}",
        zh: "veth 对 eth0@if{0} 连接 {1}@if{2}",
        ja: "veth ペア eth0@if{0} ⇔ {1}@if{2}",
    },
    /// Delete button.
    DELETE => { en: "delete", zh: "删除", ja: "削除" },
    /// Delete, for screen readers: {0} pod.
    DELETE_POD => { en: "delete pod {0}", zh: "删除 Pod {0}", ja: "Pod {0} を削除" },
    /// A deleted pod whose DEL is pending.
    OBJECT_GONE => { en: "object gone", zh: "对象已删除", ja: "オブジェクト削除済み" },
    /// The countdown: {0} time left.
    CNI_DEL_IN => { en: "CNI DEL in {0}", zh: "{0} 后执行 CNI DEL", ja: "{0} 後に CNI DEL" },
    /// The run stopped at podip's limit on events: {0} the time, {1} the limit.
    EVENTS_LIMIT => {
        en: "podip stopped this run at {0}: it logged {1} events, the most podip shows.",
        zh: "podip 在 {0} 停止了这次运行：它已记录 {1} 个事件，这是 podip 显示的上限。",
        ja: "podip はこの実行を {0} で止めました。イベントが {1} 件に達し、podip が表示できる上限です。",
    },
    /// While a scenario is simulated in the background: {0} percent done.
    SIMULATING => { en: "Simulating… {0} %", zh: "正在模拟……{0}%", ja: "シミュレーション中……{0}%" },
    /// No netns: {0} pod.
    POD_NO_NETNS => {
        en: "pod {0} has no network namespace now.",
        zh: "Pod {0} 当前没有网络命名空间。",
        ja: "Pod {0} には現在ネットワーク名前空間がありません。",
    },
    /// The pod view's heading: {0} pod, {1} netns path.
    INSIDE_POD => { en: "inside pod {0}: {1}", zh: "Pod {0} 内部：{1}", ja: "Pod {0} の内側：{1}" },
    /// The pod view, for screen readers: {0} pod.
    NETWORK_OF_POD => { en: "network of pod {0}", zh: "Pod {0} 的网络", ja: "Pod {0} のネットワーク" },

    // The address map.
    /// Heading.
    MAP_TITLE => { en: "Address map of --cluster-cidr", zh: "--cluster-cidr 地址图", ja: "--cluster-cidr のアドレスマップ" },
    /// No controller yet.
    MAP_NOT_STARTED => {
        en: "kube-controller-manager's node IPAM controller has not started yet.",
        zh: "kube-controller-manager 的 node IPAM 控制器尚未启动。",
        ja: "kube-controller-manager の node IPAM コントローラーはまだ起動していません。",
    },
    /// Caption: {0} subnets per cell, {1} node mask, {2} used, {3} max, {4} next candidate.
    MAP_CAPTION => {
        en: " — each cell: {0} × /{1} · {2} of {3} used · next candidate: index {4}",
        zh: "——每格：{0} × /{1} · 已占用 {2} / {3} · 下一个候选：索引 {4}",
        ja: "——1 マス：{0} × /{1} · 使用中 {2} / {3} · 次の候補：インデックス {4}",
    },
    /// A cell: {0} block, {1} used, {2} subnets.
    MAP_CELL => {
        en: "{0} — {1} of {2} subnets used",
        zh: "{0}——{2} 个子网中已占用 {1} 个",
        ja: "{0}——{2} 個のサブネットのうち {1} 個使用中",
    },
    /// A cell's holders: {0} nodes.
    MAP_CELL_BY => { en: " by {0}", zh: "，占用者：{0}", ja: "（{0}）" },
    /// A cell overlapping the service range.
    MAP_CELL_SERVICE => { en: ", overlaps the service range", zh: "，与 Service 网段重叠", ja: "、Service の範囲と重複" },
    /// A cell holding the cursor.
    MAP_CELL_CURSOR => { en: ", next candidate of AllocateNext", zh: "，AllocateNext 的下一个候选", ja: "、AllocateNext の次の候補" },
    /// Zoom out.
    ZOOM_OUT => { en: "zoom out", zh: "缩小", ja: "ズームアウト" },
    /// Legend: free.
    LEGEND_FREE => { en: "free", zh: "空闲", ja: "空き" },
    /// Legend: held.
    LEGEND_HELD => { en: "held by a node (colour per node)", zh: "已被节点占用（颜色区分节点）", ja: "ノードが使用中（色はノードごと）" },
    /// Legend: partly held.
    LEGEND_PARTIAL => { en: "partly held (striped)", zh: "部分已占用（条纹）", ja: "一部使用中（斜線）" },
    /// Legend: service overlap.
    LEGEND_SERVICE => {
        en: "overlaps --service-cluster-ip-range (dotted)",
        zh: "与 --service-cluster-ip-range 重叠（点状）",
        ja: "--service-cluster-ip-range と重複（点線）",
    },
    /// Legend: cursor.
    LEGEND_CURSOR => {
        en: "next candidate (round-robin cursor, ringed)",
        zh: "下一个候选（轮询游标，外圈标记）",
        ja: "次の候補（ラウンドロビンのカーソル、枠付き）",
    },

    // Settings.
    /// Heading.
    SETTINGS => { en: "Cluster settings", zh: "集群设置", ja: "クラスター設定" },
    /// --cluster-cidr hint.
    HINT_CLUSTER_CIDR => {
        en: "one CIDR, or IPv4,IPv6 for dual-stack",
        zh: "一个 CIDR；双栈时写 IPv4,IPv6",
        ja: "CIDR を 1 つ、デュアルスタックなら IPv4,IPv6",
    },
    /// --node-cidr-mask-size hint.
    HINT_NODE_MASK => {
        en: "single-stack; empty = per-family default",
        zh: "单栈；留空 = 各地址族的默认值",
        ja: "シングルスタック用。空欄ならアドレスファミリーごとのデフォルト値",
    },
    /// IPv4 mask hint.
    HINT_NODE_MASK_V4 => { en: "default 24", zh: "默认 24", ja: "デフォルト 24" },
    /// IPv6 mask hint.
    HINT_NODE_MASK_V6 => { en: "default 64", zh: "默认 64", ja: "デフォルト 64" },
    /// Service range hint.
    HINT_SERVICE => { en: "kind: 10.96.0.0/16", zh: "kind：10.96.0.0/16", ja: "kind：10.96.0.0/16" },
    /// The DEL lag field.
    DEL_LAG => {
        en: "DEL lag (immediate delete → CNI DEL)",
        zh: "DEL 延迟（立即删除 → CNI DEL）",
        ja: "DEL の遅れ（即時削除 → CNI DEL）",
    },
    /// Its hint.
    HINT_DEL_LAG => { en: "measured in kind: 2.3 s", zh: "kind 实测：2.3 秒", ja: "kind での実測：2.3 秒" },
    /// Deletion mode.
    POD_DELETION => { en: "pod deletion", zh: "Pod 删除方式", ja: "Pod の削除方法" },
    /// Immediate deletion.
    IMMEDIATE => {
        en: "immediate (--grace-period=0 --force)",
        zh: "立即（--grace-period=0 --force）",
        ja: "即時（--grace-period=0 --force）",
    },
    /// Graceful deletion.
    GRACEFUL => { en: "graceful (30 s grace period)", zh: "优雅（30 秒宽限期）", ja: "グレースフル（猶予期間 30 秒）" },
    /// Before kcm's error text.
    REFUSED => { en: "refused:", zh: "被拒绝：", ja: "拒否：" },
    /// In the same place while the flags are valid.
    ACCEPTED => {
        en: "kube-controller-manager starts with these flags; the cluster and the figures below follow them.",
        zh: "kube-controller-manager 接受这些参数并启动；下面的集群和数字随之更新。",
        ja: "kube-controller-manager はこれらのフラグで起動します。下のクラスターと数値はそれに従います。",
    },
    /// Under [`ACCEPTED`], before each warning kcm logs about the flags (an unparsable service range).
    LOGS_WARNING => {
        en: "It logs a warning, and the range it cannot parse is not kept out of the node subnets:",
        zh: "它会记录一条警告，无法解析的范围不会从节点子网中排除：",
        ja: "警告をログに出します。解析できない範囲はノードサブネットから除外されません：",
    },
    /// After it.
    STILL_SHOWING => {
        en: "Still showing the last valid cluster.",
        zh: "仍显示上一个有效的集群。",
        ja: "最後に有効だったクラスターを表示したままです。",
    },

    // Capacity.
    /// A family's heading: {0} node mask.
    SPLIT_INTO => { en: " split into /{0} node subnets", zh: " 划分为 /{0} 的节点子网", ja: " を /{0} のノードサブネットに分割" },
    /// Figure.
    NODE_SUBNETS => { en: "node subnets", zh: "节点子网数", ja: "ノードサブネット数" },
    /// Figure.
    ADDRESSES_PER_NODE => { en: "addresses per node", zh: "每个节点的地址数", ja: "ノードあたりのアドレス数" },
    /// Figure.
    USABLE_PER_NODE => { en: "usable pod IPs per node", zh: "每个节点可用的 Pod IP", ja: "ノードあたりの利用可能な Pod IP" },
    /// Figure.
    USABLE_TOTAL => { en: "usable pod IPs in all", zh: "可用 Pod IP 总数", ja: "利用可能な Pod IP の合計" },
    /// Figure.
    FIRST_SUBNET => { en: "first node subnet", zh: "第一个节点子网", ja: "最初のノードサブネット" },
    /// Figure.
    LAST_SUBNET => { en: "last node subnet", zh: "最后一个节点子网", ja: "最後のノードサブネット" },
    /// Figure (the flag stays).
    MAX_PODS => { en: "kubelet --max-pods", zh: "kubelet --max-pods", ja: "kubelet --max-pods" },
    /// Note: nothing usable.
    TOO_SMALL => {
        en: "host-local: too small to allocate from",
        zh: "host-local：太小，无法分配",
        ja: "host-local：小さすぎて割り当て不可",
    },
    /// Note: IPv4 exclusions.
    EXCLUDED_V4 => {
        en: "host-local: network, gateway (.1) and broadcast excluded",
        zh: "host-local：不含网络地址、网关（.1）和广播地址",
        ja: "host-local：ネットワークアドレス、ゲートウェイ（.1）、ブロードキャストは除外",
    },
    /// Note: IPv6 exclusions.
    EXCLUDED_V6 => {
        en: "host-local: network and gateway (::1) excluded; IPv6 has no broadcast",
        zh: "host-local：不含网络地址和网关（::1）；IPv6 没有广播地址",
        ja: "host-local：ネットワークアドレスとゲートウェイ（::1）は除外。IPv6 はブロードキャストなし",
    },
    /// Note.
    PER_NODE_TIMES => { en: "per node × node subnets", zh: "每节点 × 节点子网数", ja: "ノードあたり × ノードサブネット数" },
    /// Note.
    INDEX_ZERO => {
        en: "index 0: the control-plane node in kind",
        zh: "索引 0：kind 中的控制平面节点",
        ja: "インデックス 0：kind ではコントロールプレーンノード",
    },
    /// Note: {0} index.
    INDEX_N => { en: "index {0}", zh: "索引 {0}", ja: "インデックス {0}" },
    /// Note.
    MAX_PODS_FITS => {
        en: "default; fits in a node's usable addresses",
        zh: "默认值；在节点可用地址数之内",
        ja: "デフォルト。ノードの利用可能アドレス数以内",
    },
    /// Note.
    MAX_PODS_EXCEEDS => {
        en: "default; more than a node's usable addresses",
        zh: "默认值；超过节点可用地址数",
        ja: "デフォルト。ノードの利用可能アドレス数を超過",
    },
    /// The ruler: {0} cluster bits, {1} node bits, {2} pod bits.
    RULER => {
        en: "{0} cluster-prefix bits, {1} node-index bits, {2} pod-host bits",
        zh: "集群前缀占 {0} 位，节点索引占 {1} 位，Pod 主机位占 {2} 位",
        ja: "クラスタープレフィックス {0} ビット、ノードインデックス {1} ビット、Pod ホスト部 {2} ビット",
    },
    /// One bit: {0} position, {1} role.
    BIT => { en: "bit {0}: {1}", zh: "第 {0} 位：{1}", ja: "ビット {0}：{1}" },
    /// Bit role.
    ROLE_CLUSTER => { en: "cluster prefix", zh: "集群前缀", ja: "クラスタープレフィックス" },
    /// Bit role.
    ROLE_NODE => { en: "node index", zh: "节点索引", ja: "ノードインデックス" },
    /// Bit role.
    ROLE_POD => { en: "pod host", zh: "Pod 主机位", ja: "Pod ホスト部" },
    /// Ruler key: {0} bits.
    KEY_CLUSTER => {
        en: "c: cluster prefix — {0} bits fixed by --cluster-cidr",
        zh: "c：集群前缀——{0} 位，由 --cluster-cidr 固定",
        ja: "c：クラスタープレフィックス——{0} ビット（--cluster-cidr で固定）",
    },
    /// Ruler key: {0} bits.
    KEY_NODE => {
        en: "n: node index — {0} bits pick one of 2^{0} node subnets",
        zh: "n：节点索引——{0} 位，从 2^{0} 个节点子网中选一个",
        ja: "n：ノードインデックス——{0} ビットで 2^{0} 個のノードサブネットから 1 つを選択",
    },
    /// Ruler key: {0} bits.
    KEY_POD => {
        en: "p: pod host — {0} bits pick one of 2^{0} addresses",
        zh: "p：Pod 主机位——{0} 位，从 2^{0} 个地址中选一个",
        ja: "p：Pod ホスト部——{0} ビットで 2^{0} 個のアドレスから 1 つを選択",
    },

    // The scenario editor.
    /// Heading.
    SCENARIO => { en: "Scenario", zh: "场景", ja: "シナリオ" },
    /// Lede.
    EDITOR_LEDE => {
        en: "One command per line: cluster, node add/delete/reboot, pod add/delete, kcm restart, wait, set. Your actions are appended here.",
        zh: "每行一条命令：cluster、node add/delete/reboot、pod add/delete、kcm restart、wait、set。你的操作会追加到这里。",
        ja: "1 行に 1 コマンド：cluster、node add/delete/reboot、pod add/delete、kcm restart、wait、set。操作した内容はここに追記されます。",
    },
    /// podip's limits on a scenario: {0} nodes, {1} pods, {2} per add-many, {3} of virtual time.
    EDITOR_LIMITS => {
        en: "Limits: at most {0} nodes and {1} pods created in a scenario, {2} per add-many, {3} of virtual time.",
        zh: "限制：一个场景中最多 {0} 个节点、创建 {1} 个 Pod，每条 add-many 最多 {2} 个，虚拟时间最长 {3}。",
        ja: "制限：1 つのシナリオで作成できるのはノード {0} 個、Pod {1} 個まで、add-many 1 行につき {2} 個まで、仮想時間は {3} までです。",
    },
    /// The text area, for screen readers.
    SCENARIO_TEXT => { en: "scenario text", zh: "场景文本", ja: "シナリオのテキスト" },
    /// Run button.
    RUN_SCENARIO => { en: "run scenario", zh: "运行场景", ja: "シナリオを実行" },
    // The stage.
    /// The stage's accessible name.
    STAGE => {
        en: "The cluster: kube-controller-manager's node subnets, each node's addresses, veth pairs and pods",
        zh: "集群：kube-controller-manager 的节点子网、各节点的地址、veth 对和 Pod",
        ja: "クラスター：kube-controller-manager のノードサブネット、各ノードのアドレス、veth ペアと Pod",
    },
    /// The node switcher and the tiles.
    STAGE_NODES => { en: "nodes", zh: "节点", ja: "ノード" },
    /// Under the stage: why the steps of CNI ADD last a moment.
    STAGE_SLOWED => {
        en: "CNI ADD takes about 5 ms; at 1× and slower each moment something happens is held 0.6 s on screen so every step can be seen.",
        zh: "CNI ADD 只需约 5 毫秒；以 1× 及更慢速度播放时，每个发生变化的时刻在屏幕上保留 0.6 秒，以便看清每一步。",
        ja: "CNI ADD は約 5 ミリ秒で終わります。1× 以下の速度では、変化のあった各時点を画面に 0.6 秒ずつ残し、どの手順も見えるようにしています。",
    },
    /// Before the node IPAM controller runs.
    STAGE_NO_IPAM => { en: "node IPAM controller not started yet", zh: "node IPAM 控制器尚未启动", ja: "node IPAM コントローラーはまだ起動していません" },
    /// The cidrset: {0} cluster CIDR, {1} node mask, {2} used, {3} of, {4} nextCandidate.
    STAGE_CIDRSET => {
        en: "cidrset {0} → /{1} · {2} of {3} used · nextCandidate {4}",
        zh: "cidrset {0} → /{1} · 已占用 {2} / {3} · nextCandidate {4}",
        ja: "cidrset {0} → /{1} · 使用中 {2} / {3} · nextCandidate {4}",
    },
    /// Aggregated strip: {0} node subnets per cell.
    STAGE_PER_CELL => { en: "{0} subnets per cell", zh: "每格 {0} 个子网", ja: "1 マスに {0} 個のサブネット" },
    /// Subnets past the strip: {0} how many.
    STAGE_NOT_DRAWN => { en: "{0} more subnets", zh: "另有 {0} 个子网", ja: "ほか {0} 個のサブネット" },
    /// A node whose machine is down, rebooting.
    STAGE_REBOOTING => { en: "rebooting…", zh: "重启中……", ja: "再起動中……" },
    /// A node without podCIDR.
    STAGE_NO_PODCIDR => { en: "spec.podCIDR not set yet", zh: "spec.podCIDR 尚未设置", ja: "spec.podCIDR は未設定" },
    /// host-local's strip: {0} subnet.
    STAGE_RANGE => { en: "host-local range {0}", zh: "host-local 地址范围 {0}", ja: "host-local の範囲 {0}" },
    /// The node's root network namespace.
    STAGE_ROOT_NETNS => { en: "node network namespace (host veth ends)", zh: "节点网络命名空间（节点侧 veth）", ja: "ノードのネットワーク名前空間（ホスト側 veth）" },
    /// A flannel node's bridge: {0} its name, {1} its gateway address, {2} its ports, {3} its MTU.
    STAGE_BRIDGE => {
        en: "bridge {0}: gateway {1}, {2} ports (the pods' host veths), mtu {3}",
        zh: "网桥 {0}：网关 {1}，{2} 个端口（各 Pod 的节点侧 veth），mtu {3}",
        ja: "ブリッジ {0}：ゲートウェイ {1}、ポート {2} 個（各 Pod のホスト側 veth）、mtu {3}",
    },
    /// The bridge without a port up, drawn dim.
    STAGE_BRIDGE_DOWN => {
        en: "no port up: NO-CARRIER, its connected route linkdown",
        zh: "没有处于 up 状态的端口：NO-CARRIER，直连路由为 linkdown",
        ja: "up のポートなし：NO-CARRIER、直結ルートは linkdown",
    },
    /// A node without pods.
    STAGE_NO_PODS => { en: "no pods", zh: "没有 Pod", ja: "Pod なし" },
    /// Pods drawn as cells: {0} veth pairs.
    STAGE_VETHS => { en: "{0} veth pairs", zh: "{0} 个 veth 对", ja: "veth ペア {0} 組" },
    /// Phase: scheduled, no sandbox.
    STAGE_PENDING => { en: "Pending (no sandbox)", zh: "Pending（尚无沙箱）", ja: "Pending（サンドボックスなし）" },
    /// Phase: sandbox created, CNI ADD.
    STAGE_ADDING => { en: "CNI ADD…", zh: "CNI ADD……", ja: "CNI ADD……" },
    /// Phase: sandbox torn down a moment ago.
    STAGE_GONE => { en: "CNI DEL done", zh: "CNI DEL 已完成", ja: "CNI DEL 完了" },
    // The tours' questions.
    /// The prediction held.
    QUIZ_RIGHT => { en: "Right.", zh: "答对了。", ja: "正解です。" },
    /// The answer shown by a presenter's press, for a room's predictions: {0} the right answer.
    QUIZ_ANSWER => { en: "The answer: {0}.", zh: "答案：{0}。", ja: "正解：{0}。" },
    /// It did not: {0} the right answer.
    QUIZ_WRONG => { en: "Not this time: the answer is {0}.", zh: "这次没猜中：答案是 {0}。", ja: "今回は外れです。正解は {0} です。" },
}

/// The label and the hint of a setting the settings card shows (`sim::settings::KNOBS`), by its id.
pub fn knob_words(id: KnobId) -> Option<(Text, Text)> {
    match id {
        KnobId::MaxPods => Some((MAX_PODS, HINT_MAX_PODS)),
        KnobId::DelLag => Some((DEL_LAG, HINT_DEL_LAG)),
        KnobId::Cni => Some((CNI, HINT_CNI)),
        _ => None,
    }
}

/// What an address of host-local's range is, in words (the address grid's readout, the stage's
/// tooltips).
pub fn cell_status(status: CellStatus) -> Text {
    match status {
        CellStatus::Network => CELL_NETWORK,
        CellStatus::Gateway => CELL_GATEWAY,
        CellStatus::Broadcast => CELL_BROADCAST,
        CellStatus::Reserved => CELL_RESERVED,
        CellStatus::Orphaned => CELL_ORPHANED,
        CellStatus::Freed => CELL_FREED,
        CellStatus::Free => CELL_FREE,
    }
}
