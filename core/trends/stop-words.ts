/**
 * Stop words of headlines, per language (ISO 639-1), as data. Besides the grammatical words of
 * each language they hold the boilerplate of news headlines ("live", "video", "says", "update")
 * that would otherwise tie unrelated stories together. Lists are written with their diacritics;
 * `isStopWord` compares folded forms (core/search/tokens.ts `fold`), so both spellings match.
 * Chinese and Japanese entries are the words Intl.Segmenter yields; Korean particles glued to a
 * word are stripped by the stemmer, so the Korean list holds free-standing words only.
 */
import { fold } from '../search/tokens.ts'

const LISTS: Readonly<Record<string, string>> = {
  en: `a about above after again against ago all almost also am among an and another any are around as at
    be because been before being below between both but by can cannot could did do does doing done down during
    each either else even ever every few for from further get gets got had has have having he her here hers
    herself him himself his how however i if in into is it its itself just last least less like many may me
    might more most much must my myself near new news next no nor not now of off often on once one only or
    other our ours ourselves out over own per please rather same says said say saying she should since so some
    still such than that the their theirs them themselves then there these they this those though through
    thus to today too under until up upon very via was we were what when where whether which while who
    whom whose why will with within without would yet you your yours yourself yourselves
    live latest update updates updated breaking watch video videos photo photos pictures report reports
    exclusive opinion analysis explained here's what's it's don't can't won't isn't aren't didn't doesn't
    s t ll ve re d m vs amid over under two three four five six seven eight nine ten first second week weeks
    day days year years time times`,
  es: `a al algo algunas algunos ante antes aquel aquella aquellas aquellos aqui así aún bajo bien cada casi
    como con contra cual cuales cuando cuanto de del desde donde dos durante e el él ella ellas ellos en
    entre era eran es esa esas ese eso esos esta está están estas este esto estos fue fueron ha han hasta
    hay la las le les lo los mas más me mi mientras muy nada ni no nos nosotros o otra otras otro otros para
    pero poco por porque que qué quien quién se según sea ser será si sí sido sin sobre son su sus tal
    también tan tanto te tiene tienen todo todos tras tu tus un una unas uno unos usted ya yo
    dice dicen hoy nuevo nueva vídeo video directo última hora fotos así años año día días`,
  pt: `a à ao aos aquela aquelas aquele aqueles as às até com como contra da das de dela dele deles depois
    do dos e é ela elas ele eles em entre era essa essas esse esses esta está estão estas este estes eu foi
    foram há isso isto já lhe lhes mais mas me mesmo meu minha muito na nas não nem no nos nós nossa nosso num
    numa o os ou para pela pelas pelo pelos por qual quando que quem se sem ser será seu seus sua suas são
    só sobre também te tem têm ter teu tua um uma umas uns vai vão
    diz dizem hoje novo nova vídeo ao vivo fotos após ano anos dia dias`,
  fr: `à a au aux avec ce ces cette cet c ça chez comme contre d dans de des du elle elles en entre est et
    été être eu il ils j je l la le les leur leurs lui m ma mais me même mes moi mon n ne ni nos notre nous
    on ont ou où par pas pendant peu plus pour qu que qui s sa sans se selon ses si son sont sous sur ta te
    tes toi ton tous tout toute toutes très tu un une vers vos votre vous y après avant déjà encore
    dit disent aujourd hui nouveau nouvelle vidéo direct photos an ans jour jours`,
  de: `aber alle allen aller alles als also am an auch auf aus bei beim bin bis bist da damit dann das dass
    dem den denn der des dich die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine
    einem einen einer eines er es etwa euch euer für gegen gibt hat hatte haben hier ich ihm ihn ihnen ihr
    ihre ihrem ihren ihrer im in ins ist ja jetzt kann kein keine können mehr mein mich mir mit muss nach
    nicht noch nun nur ob oder ohne schon sein seine sich sie sind so soll über um und uns unser unter vom
    von vor war waren was weil wenn wer werden wie wieder wir wird wo zu zum zur zwischen
    sagt heute neue neuer neues video live fotos jahr jahre tag tage`,
  it: `a ad al alla alle agli ai allo anche che chi ci come con contro cosa da dal dalla dalle dai degli dei
    del della delle dello di dopo è e ed era essere fa gli ha hanno i il in io la le lei lo loro lui ma mi
    molto ne nei nel nella nelle negli noi non nostro o per perché più poi quale quando quella quelle quello
    questa queste questo se sempre senza si sia sono sta su sua sue sui sul sulla suo suoi tra tu tutti
    tutto un una uno vi
    dice oggi nuovo nuova video diretta foto anno anni giorno giorni`,
  nl: `aan al alle als bij dan dat de der deze die dit door een en er haar heb hebben heeft het hij hoe hun
    ik in is je kan maar me meer met mij na naar niet nog nu of om onder ons ook op over te tegen toch tot
    uit van veel voor want was wat we werd wie wij wil worden wordt zal ze zich zij zijn zo zonder
    zegt vandaag nieuw nieuwe video live foto jaar jaren dag dagen`,
  ru: `а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для до
    его ее её если есть еще ещё же за и из или им их к как когда кто ли либо между меня мне может мы на над
    надо наш не него нее неё нет ни них но ну о об однако он она они оно от очень по под после при про с
    со так также такой там те тем то того тоже той только том ты у уже хотя чем что чтобы эта эти это этот
    я заявил заявила сообщил сообщила сегодня новый новая новые видео фото год года лет день дня`,
  ar: `في من على إلى الى عن مع أن ان إن هذا هذه ذلك تلك التي الذي الذين التى كان كانت يكون قد لا ما لم لن
    هو هي هم أو او ثم كل بعد قبل بين حتى عند أي اي غير بعض منذ خلال حول ضد عبر لدى وفي ومن وعلى وأن
    يوم اليوم فيديو صور عاجل مباشر`,
  hi: `का के की को में से पर और है हैं था थे थी थीं ने भी यह वह ये वे एक इस उस इन उन कि जो तो ही हो होगा
    होगी होंगे हुआ हुई हुए कर करने किया किए गया गई गए जा रहा रही रहे लिए तक साथ बाद अब या कुछ कोई
    नहीं ना बहुत सभी अपने अपनी अपना आज वीडियो लाइव खबर`,
  zh: `的 了 在 是 和 与 及 或 也 就 都 而 但 并 将 把 被 对 从 向 到 为 以 于 之 其 这 那 这个 那个 这些
    有 没有 不 个 等 上 下 中 后 前 年 月 日 今天 今日 新 最新 视频 直播 图 组图 称 表示 据 已 已经 还 又
    会 可 能 要 让 给 我 你 他 她 它 我们 他们`,
  ja: `の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この
    ため その あっ よう また もの という あり まで られ なる へ か だ これ によって により おり より による ず
    なり られる において ば なかっ なく しかし について せ だっ その後 できる それ う ので なお のみ でき き
    つ における および いう さらに でも ら たり その他 に関する たち ます ん なら に対して 特に せる 及び これら
    とき では にて ほか ながら うち そして とともに ただし かつて それぞれ または お ほど ものの に対する ほとんど
    と共に といった です とも ところ ここ 年 月 日 今日 新た 動画 写真 ライブ 速報 氏 さん`,
  ko: `및 등 또 또는 그 이 저 것 수 더 때 중 위 통해 대한 관련 위해 대해 오늘 영상 사진 속보 단독 종합
    있다 없다 했다 한다 된다 밝혀 밝혔다`,
  tr: `acaba ama ancak artık aslında az bana bazı belki ben beni benim bile bir biri birkaç birşey biz bize
    bizi bu buna bunda bundan bunu bunun da daha de defa diye çok çünkü en gibi göre hem hep hepsi her hiç
    için ile ise ki kim mı mi mu mü nasıl ne neden nerede niye o olan olarak oldu olduğu olsun on ona ondan
    onlar onu onun şey şu sonra tüm ve veya ya yani yine
    dedi açıkladı bugün yeni video canlı foto yıl gün`,
}

const FOLDED: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(LISTS).map(([lang, text]) => [
    lang,
    new Set(
      text
        .split(/\s+/)
        .filter((w) => w !== '')
        .map(fold),
    ),
  ]),
)

/** Languages with a stop-word list. */
export const STOP_WORD_LANGS: readonly string[] = [...FOLDED.keys()].sort()

const EMPTY: ReadonlySet<string> = new Set()

/** The folded stop words of `lang`; an unknown language has none (IDF weights still damp its common words). */
export function stopWordsFor(lang: string): ReadonlySet<string> {
  return FOLDED.get(lang) ?? EMPTY
}
