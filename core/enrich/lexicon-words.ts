/**
 * Sentiment word lists, AFINN-style: `term weight` with integer weights from -5 to +5, aimed at
 * market, finance and crypto headlines. `stem*` matches a prefix, `two words` a phrase; Chinese and
 * Japanese entries are substrings. Written for this project (no third-party list is copied).
 */

export interface LexiconLanguage {
  /** `term weight, term weight, …` */
  words: string
  /** Words that flip the sign of a term shortly after them. */
  negators: string
  /**
   * Words that flip the sign of a term shortly before them: German and Dutch put `nicht`/`niet`
   * after the finite verb of a main clause ("Der DAX steigt nicht"), Korean puts 않다 after the verb.
   */
  postNegators?: string
}

export const LEXICON: Readonly<Record<string, LexiconLanguage>> = {
  en: {
    words:
      'surge 3, surges 3, surged 3, surging 3, soar 3, soars 3, soared 3, soaring 3, skyrocket 4, skyrockets 4, ' +
      'skyrocketed 4, rally 2, rallies 2, rallied 2, rallying 2, jump 2, jumps 2, jumped 2, climb 1, climbs 1, ' +
      'climbed 1, rise 1, rises 1, rose 1, rising 1, gain 2, gains 2, gained 2, rebound 2, rebounds 2, rebounded 2, ' +
      'recover 2, recovers 2, recovered 2, recovery 2, boom 3, booming 3, bullish 3, bull market 2, bulls 1, ' +
      'outperform 2, outperforms 2, outperformed 2, beat 2, beats 2, upgrade 2, upgrades 2, upgraded 2, ' +
      'record high 3, all-time high 3, all-time highs 3, record highs 3, profit 2, profits 2, profitable 2, ' +
      'growth 2, grow 1, grows 1, grew 1, strong 2, stronger 2, strongest 2, robust 2, solid 1, positive 2, ' +
      'optimism 2, optimistic 2, confident 2, upbeat 2, boost 2, boosts 2, boosted 2, win 2, wins 2, won 2, ' +
      'success 2, successful 2, breakthrough 3, approve 1, approves 1, approved 2, approval 2, adoption 1, ' +
      'expand 1, expands 1, expansion 1, higher 1, best 2, good 2, great 3, excellent 3, improve 2, improves 2, ' +
      'improved 2, improvement 2, benefit 2, benefits 2, opportunity 1, opportunities 1, momentum 1, inflows 2, ' +
      'inflow 2, buy 1, milestone 2, tailwinds 2, rate cut 1, rate cuts 1, stimulus 1, raises 1, raised 1, ' +
      'hikes dividend 2, dividend 1, to the moon 3, mooning 3, exceed 2, ' +
      'exceeds 2, exceeded 2, accelerate 1, accelerates 1, secures 2, secured 2, ' +
      'wins approval 3, partnership 1, ' +
      'strengthen 1, strengthens 1, strengthened 1, healthy 1, favorable 2, favourable 2, resilient 2, ' +
      'resilience 1, surpass 2, surpasses 2, surpassed 2, outpace 1, outpaces 1, outpaced 1, buyback 1, ' +
      'buybacks 1, share repurchase 1, overweight 1, top pick 2, upside 1, attractive 1, promising 2, ' +
      'thrive 2, thrives 2, thriving 2, upswing 2, turnaround 2, record profit 3, record revenue 3, ' +
      'record sales 3, raises guidance 3, raised guidance 3, lifts 1, lifted 1, bolster 1, bolsters 1, ' +
      'bolstered 1, recovering 2, gaining 2, ' +
      'crash -3, crashes -3, crashed -3, crashing -3, plunge -3, plunges -3, plunged -3, plunging -3, ' +
      'plummet -3, plummets -3, plummeted -3, tumble -2, tumbles -2, tumbled -2, slump -2, slumps -2, slumped -2, ' +
      'slide -2, slides -2, slid -2, sink -2, sinks -2, sank -2, fall -1, falls -1, fell -1, falling -1, drop -1, ' +
      'drops -1, dropped -1, decline -2, declines -2, declined -2, dip -1, dips -1, dipped -1, loss -2, losses -2, ' +
      'lose -2, loses -2, lost -2, sell-off -3, selloff -3, sell off -3, bearish -3, bear market -2, bears -1, ' +
      'downgrade -2, downgrades -2, downgraded -2, underperform -2, underperforms -2, miss -2, misses -2, ' +
      'missed -2, weak -2, weaker -2, weakest -2, weakness -2, fear -2, fears -2, panic -3, concern -1, ' +
      'concerns -1, worry -2, worries -2, worried -2, risk -1, risks -1, risky -2, volatile -1, volatility -1, ' +
      'uncertainty -1, recession -2, inflation -1, default -2, defaults -2, bankrupt -3, bankruptcy -3, ' +
      'insolvency -3, insolvent -3, collapse -3, collapses -3, collapsed -3, crisis -3, hack -3, hacked -3, ' +
      'hacks -3, hackers -2, exploit -2, exploited -2, scam -3, scams -3, fraud -3, fraudulent -3, ponzi -3, ' +
      'rug pull -3, theft -3, stolen -3, ban -2, bans -2, banned -2, crackdown -2, lawsuit -2, sue -2, sues -2, ' +
      'sued -2, fined -2, penalty -2, probe -1, investigation -1, charged -2, layoffs -2, layoff -2, cuts -1, ' +
      'slashes -2, slashed -2, warn -2, warns -2, warned -2, warning -2, pessimism -2, pessimistic -2, gloomy -2, ' +
      'bad -2, worse -2, worst -3, terrible -3, poor -2, negative -2, outflows -2, outflow -2, liquidation -2, ' +
      'liquidations -2, liquidated -2, capitulation -3, bubble -2, dump -2, dumps -2, dumped -2, delist -2, ' +
      'delisted -2, slowdown -2, stagnation -2, deficit -1, debt -1, war -2, attack -2, killed -3, dead -3, ' +
      'death -2, deaths -2, shortfall -2, halted -2, suspended -2, threat -2, threatens -2, lower -1, lows -2, ' +
      'record low -3, record lows -3, trims -1, trimmed -1, headwinds -2, struggle -2, struggles -2, ' +
      'struggling -2, tank -2, tanks -2, tanked -3, wipe out -3, wiped out -3, slashing -2, cut to sell -2, ' +
      'fail -2, fails -2, failed -2, failure -2, ' +
      'disappoint -2, disappoints -2, disappointed -2, disappointing -2, disappointment -2, impairment -2, ' +
      'writedown -2, write-down -2, writedowns -2, write-off -2, downturn -2, downbeat -2, bleak -2, ' +
      'sluggish -2, subdued -1, woes -2, trouble -2, troubles -2, troubled -2, turmoil -2, erodes -2, ' +
      'eroded -2, erosion -2, delay -1, delays -1, delayed -1, postpone -1, postpones -1, postponed -1, ' +
      'reject -1, rejects -1, rejected -1, criticize -2, criticizes -2, criticized -2, criticism -2, ' +
      'scandal -3, breach -2, outage -2, recall -1, recalls -1, halt -1, halts -2, suspend -1, suspends -2, ' +
      'resigns -1, resignation -1, ousted -2, underweight -1, sell rating -2, downside -1, overvalued -1, ' +
      'shrink -2, shrinks -2, shrank -2, shrinking -2, contraction -2, lay off -2, lays off -2, ' +
      'laid off -2, job cuts -2, closure -1, closures -1, shuts down -1, losing -2, weaken -2, weakens -2, ' +
      'weakened -2, weakening -2, deteriorate -2, deteriorates -2, deteriorated -2, deteriorating -2, ' +
      'worsen -2, worsens -2, worsened -2, worsening -2, pressure -1, pressured -1, skid -2, skids -2, ' +
      'skidded -2, slip -1, slips -1, slipped -1, violation -2, violations -2, misconduct -2, ' +
      'allegations -2, accused -2, unprofitable -2, loss-making -2, cuts guidance -3, cut guidance -3, ' +
      'lowers guidance -3, profit warning -3',
    negators:
      "not, no, never, without, hardly, barely, neither, nor, nobody, nothing, none, cannot, can't, don't, " +
      "doesn't, didn't, isn't, aren't, wasn't, weren't, won't, wouldn't, shouldn't, couldn't",
  },
  es: {
    words:
      'sube 2, suben 2, subió 2, subieron 2, subida 2, dispara 3, disparan 3, disparó 3, repunte 2, repunta 2, ' +
      'avanza 1, avanzan 1, gana 2, ganan 2, ganancia 2, ganancias 2, beneficio 2, beneficios 2, ' +
      'máximo histórico 3, máximos históricos 3, alza 2, alzas 2, alcista 3, optimismo 2, optimista 2, ' +
      'crecimiento 2, crece 2, recuperación 2, recupera 2, éxito 2, fuerte 1, positivo 2, positiva 2, mejora 2, ' +
      'impulso 2, impulsa 2, bueno 2, buena 2, récord 1, ' +
      'cae -2, caen -2, cayó -2, cayeron -2, caída -2, caídas -2, desplome -3, desploma -3, desplomó -3, ' +
      'hunde -3, hunden -3, hundió -3, baja -1, bajan -1, bajista -3, pérdida -2, pérdidas -2, pierde -2, ' +
      'pierden -2, crisis -3, quiebra -3, colapso -3, fraude -3, estafa -3, hackeo -3, robo -3, prohibición -2, ' +
      'prohíbe -2, miedo -2, temor -2, temores -2, pánico -3, preocupación -2, riesgo -1, recesión -2, ' +
      'inflación -1, débil -2, negativo -2, negativa -2, malo -2, mala -2, peor -2, mínimo -2, mínimos -2, ' +
      'volatilidad -1, despidos -2, multa -2, guerra -2',
    negators: 'no, nunca, sin, ni, jamás, tampoco',
  },
  pt: {
    words:
      'sobe 2, sobem 2, subiu 2, subiram 2, alta 2, altas 2, dispara 3, disparou 3, salta 2, saltou 2, avança 1, ' +
      'avançou 1, ganho 2, ganhos 2, lucro 2, lucros 2, recorde 1, máxima histórica 3, otimismo 2, otimista 2, ' +
      'crescimento 2, cresce 2, recuperação 2, recupera 2, sucesso 2, forte 1, positivo 2, positiva 2, ' +
      'melhora 2, impulso 2, bom 2, boa 2, ' +
      'cai -2, caem -2, caiu -2, caíram -2, queda -2, quedas -2, despenca -3, despencou -3, desaba -3, ' +
      'desabou -3, derrete -3, recua -1, recuou -1, baixa -1, prejuízo -2, prejuízos -2, perda -2, perdas -2, ' +
      'perde -2, crise -3, falência -3, colapso -3, fraude -3, golpe -3, hack -3, roubo -3, proibição -2, ' +
      'proíbe -2, medo -2, temor -2, pânico -3, preocupação -2, risco -1, recessão -2, inflação -1, fraco -2, ' +
      'fraca -2, negativo -2, negativa -2, ruim -2, pior -2, mínima -2, volatilidade -1, demissões -2, multa -2, ' +
      'guerra -2',
    negators: 'não, nunca, sem, nem, jamais',
  },
  fr: {
    words:
      'hausse 2, grimpe 2, grimpent 2, bondit 3, envolée 3, progresse 1, progression 1, gagne 2, gain 2, ' +
      'gains 2, bénéfice 2, bénéfices 2, record 1, optimisme 2, optimiste 2, croissance 2, reprise 2, rebond 2, ' +
      'rebondit 2, succès 2, solide 1, fort 1, forte 1, positif 2, positive 2, amélioration 2, bon 2, bonne 2, ' +
      "haussier 3, s'envole 3, " +
      "baisse -2, chute -3, chutent -3, plonge -3, plongeon -3, s'effondre -3, effondrement -3, recule -1, " +
      'recul -1, repli -1, perte -2, pertes -2, perd -2, crise -3, faillite -3, krach -3, fraude -3, arnaque -3, ' +
      'escroquerie -3, piratage -3, interdiction -2, interdit -2, peur -2, craintes -2, crainte -2, panique -3, ' +
      'inquiétude -2, inquiétudes -2, risque -1, récession -2, inflation -1, faible -2, négatif -2, ' +
      'négative -2, mauvais -2, mauvaise -2, pire -2, volatilité -1, licenciements -2, amende -2, baissier -3, ' +
      'guerre -2',
    negators: "ne, n', pas, jamais, sans, aucun, aucune, ni",
  },
  de: {
    words:
      'steigt 2, steigen 2, stieg 2, gestiegen 2, anstieg 2, klettert 2, springt 2, rally 2, erholung 2, ' +
      'erholt 2, gewinn 2, gewinne 2, rekordhoch 3, allzeithoch 3, optimismus 2, optimistisch 2, wachstum 2, ' +
      'wächst 2, erfolg 2, erfolgreich 2, stark 1, starke 1, positiv 2, positive 2, verbessert 2, gut 2, gute 2, ' +
      'bullisch 3, aufschwung 2, legt zu 2, kauflaune 2, ' +
      'fällt -2, fallen -2, fiel -2, gefallen -2, sinkt -2, sinken -2, sank -2, verlust -2, verluste -2, ' +
      'verliert -2, einbruch -3, bricht ein -3, absturz -3, stürzt -3, crash -3, rutscht -2, krise -3, ' +
      'pleite -3, insolvenz -3, zusammenbruch -3, betrug -3, hack -3, hackerangriff -3, diebstahl -3, ' +
      'verbot -2, verbietet -2, angst -2, sorge -2, sorgen -2, panik -3, risiko -1, rezession -2, ' +
      'inflation -1, schwach -2, schwache -2, negativ -2, negative -2, schlecht -2, schlechter -2, ' +
      'tiefststand -3, volatilität -1, stellenabbau -2, strafe -2, bärisch -3, krieg -2, kurssturz -3, kursrutsch -3, ' +
      'ausgelöscht -2, eingebrochen -3',
    negators: 'nicht, kein, keine, keinen, keiner, keinem, nie, niemals, ohne, weder',
    postNegators: 'nicht, nie, niemals',
  },
  it: {
    words:
      'salgono 2, rialzo 2, balzo 3, vola 3, impennata 3, guadagna 2, guadagni 2, utili 2, record 1, ' +
      'massimi 2, ottimismo 2, ottimista 2, crescita 2, cresce 2, ripresa 2, rimbalzo 2, successo 2, forte 1, ' +
      'positivo 2, positiva 2, migliora 2, buono 2, buona 2, rialzista 3, rimbalza 2, ' +
      'scende -2, scendono -2, calo -2, cala -2, crollo -3, crolla -3, tonfo -3, perdita -2, perdite -2, ' +
      'perde -2, ribasso -2, crisi -3, fallimento -3, frode -3, truffa -3, attacco hacker -3, furto -3, ' +
      'divieto -2, vieta -2, paura -2, timori -2, panico -3, preoccupazione -2, rischio -1, recessione -2, ' +
      'inflazione -1, debole -2, negativo -2, negativa -2, cattivo -2, peggio -2, minimi -2, volatilità -1, ' +
      'licenziamenti -2, multa -2, ribassista -3, guerra -2',
    negators: 'non, mai, senza, né, nessun, nessuno, nessuna',
  },
  nl: {
    words:
      'stijgt 2, stijgen 2, steeg 2, gestegen 2, stijging 2, klimt 2, herstel 2, herstelt 2, winst 2, ' +
      'winsten 2, record 1, recordhoogte 3, optimisme 2, optimistisch 2, groei 2, groeit 2, succes 2, sterk 1, ' +
      'sterke 1, positief 2, positieve 2, verbetert 2, goed 2, goede 2, schiet omhoog 3, ' +
      'daalt -2, dalen -2, daalde -2, gedaald -2, daling -2, zakt -2, keldert -3, instorting -3, stort in -3, ' +
      'crash -3, verlies -2, verliezen -2, verliest -2, crisis -3, faillissement -3, failliet -3, fraude -3, ' +
      'oplichting -3, hack -3, diefstal -3, verbod -2, verbiedt -2, angst -2, zorgen -2, paniek -3, risico -1, ' +
      'recessie -2, inflatie -1, zwak -2, zwakke -2, negatief -2, negatieve -2, slecht -2, slechter -2, ' +
      'dieptepunt -3, volatiliteit -1, ontslagen -2, boete -2, oorlog -2',
    negators: 'niet, geen, nooit, zonder, noch',
    postNegators: 'niet, nooit',
  },
  ru: {
    words:
      'рост 2, растет 2, растёт 2, вырос 2, выросла 2, выросли 2, подорожал* 2, взлет 3, взлёт 3, взлетел* 3, ' +
      'ралли 2, прибыль 2, прибыли 2, рекорд 1, исторический максимум 3, оптимизм 2, восстановлен* 2, ' +
      'укрепил* 2, отскочил* 2, отскок 2, успех 2, успешн* 2, сильн* 1, положительн* 2, позитив* 2, улучшен* 2, хорош* 2, бычий 3, ' +
      'бычьи 3, ' +
      'падение -2, падает -2, упал -2, упала -2, упали -2, снижение -1, снизил* -1, подешевел* -2, обвал -3, ' +
      'обвалил* -3, рухнул* -3, крах -3, убыток -2, убытки -2, потерял* -2, потери -2, кризис -3, ' +
      'банкротств* -3, мошеннич* -3, мошенник* -3, взлом -3, хакер* -2, краж* -3, запрет -2, запретил* -2, ' +
      'страх -2, опасени* -2, паник* -3, риск* -1, рецесси* -2, инфляци* -1, слаб* -2, негатив* -2, плох* -2, ' +
      'хуже -2, минимум -1, волатильн* -1, сокращени* -1, штраф* -2, медвеж* -3, войн* -2',
    negators: 'не, нет, ни, без, никогда',
  },
  ar: {
    words:
      'ارتفاع 2, ارتفع 2, ارتفعت 2, يرتفع 2, ترتفع 2, صعود 2, يصعد 2, تصعد 2, قفز* 3, يقفز 3, تقفز 3, ' +
      'مكاسب 2, أرباح 2, ربح 2, قياسي* 1, مستوى قياسي* 2, تفاؤل 2, متفائل* 2, نمو 2, تعافي 2, انتعاش 2, نجاح 2, قوي 1, قوية 1, إيجابي 2, ' +
      'إيجابية 2, تحسن 2, جيد 2, يتعافى 2, تتعافى 2, تعافى 2, ' +
      'انخفاض -2, انخفض -2, انخفضت -2, ينخفض -2, تنخفض -2, تراجع -2, تراجعت -2, يتراجع -2, تتراجع -2, ' +
      'هبوط -2, هبط -2, هبطت -2, يهبط -2, تهبط -2, انهيار -3, انهار -3, ينهار -3, تنهار -3, ' +
      'خسائر -2, خسارة -2, خسر -2, أزمة -3, إفلاس -3, احتيال -3, اختراق -2, سرقة -3, حظر -2, خوف -2, ' +
      'مخاوف -2, ذعر -3, قلق -2, مخاطر -1, ركود -2, تضخم -1, ضعيف -2, ضعف -2, سلبي -2, سلبية -2, سيء -2, ' +
      'أسوأ -3, أدنى -1, تقلبات -1, تسريح -2, غرامة -2, حرب -2',
    negators: 'لا, لم, لن, ليس, ليست, غير, بدون, دون, عدم',
  },
  hi: {
    words:
      'तेजी 3, तेज़ी 3, उछाल 3, बढ़त 2, बढ़ा 2, बढ़ी 2, बढ़े 2, चढ़ा 2, चढ़े 2, मुनाफा 2, मुनाफे 2, लाभ 2, ' +
      'रिकॉर्ड 1, आशावाद 2, वृद्धि 2, सुधार 2, रिकवरी 2, सफलता 2, सफल 2, मजबूत 2, मज़बूत 2, सकारात्मक 2, ' +
      'अच्छा 2, अच्छी 2, बेहतर 2, ' +
      'गिरावट -2, गिरा -2, गिरी -2, गिरे -2, बिकवाली -2, टूटा -2, टूटे -2, लुढ़का -3, लुढ़के -3, धड़ाम -3, क्रैश -3, नुकसान -2, घाटा -2, ' +
      'घाटे -2, संकट -3, दिवालिया -3, धोखाधड़ी -3, ठगी -3, हैक -3, चोरी -3, प्रतिबंध -2, बैन -2, डर -2, ' +
      'चिंता -2, घबराहट -3, जोखिम -1, मंदी -2, महंगाई -1, कमजोर -2, कमज़ोर -2, नकारात्मक -2, बुरा -2, ' +
      'खराब -2, बदतर -3, अस्थिरता -1, छंटनी -2, जुर्माना -2, युद्ध -2',
    negators: 'नहीं, न, मत, बिना',
  },
  zh: {
    words:
      '上涨 2, 大涨 3, 飙升 3, 暴涨 3, 涨 1, 反弹 2, 回升 2, 攀升 2, 收益 2, 盈利 2, 利润 1, 创新高 3, 历史新高 3, ' +
      '乐观 2, 增长 2, 复苏 2, 成功 2, 强劲 2, 积极 2, 利好 2, 看涨 3, 牛市 3, 突破 2, ' +
      '下跌 -2, 大跌 -3, 暴跌 -3, 重挫 -3, 抛售 -2, 跳水 -3, 崩盘 -3, 崩溃 -3, 跌 -1, 回落 -1, 下滑 -2, 亏损 -2, 损失 -2, 危机 -3, ' +
      '破产 -3, 欺诈 -3, 诈骗 -3, 黑客 -2, 被盗 -3, 盗窃 -3, 禁止 -2, 禁令 -2, 恐慌 -3, 担忧 -2, 风险 -1, ' +
      '衰退 -2, 通胀 -1, 疲软 -2, 消极 -2, 利空 -2, 看跌 -3, 熊市 -3, 新低 -3, 剧烈波动 -2, 裁员 -2, 罚款 -2, 战争 -2',
    negators: '不, 没, 没有, 未, 无, 非, 并未, 並未',
  },
  ja: {
    words:
      '上昇 2, 急騰 3, 高騰 3, 反発 2, 回復 2, 値上がり 2, 最高値 3, 利益 2, 増益 2, 黒字 2, 好調 2, 好決算 2, ' +
      '楽観 2, 成長 2, 成功 2, 堅調 2, 強気 3, 上回る 2, 上回った 2, ' +
      '下落 -2, 急落 -3, 暴落 -3, 続落 -2, 値下がり -2, 最安値 -3, 損失 -2, 赤字 -2, 減益 -2, 危機 -3, 破綻 -3, ' +
      '倒産 -3, 詐欺 -3, ハッキング -3, 流出 -2, 盗難 -3, 禁止 -2, 規制 -1, 懸念 -2, 不安 -2, パニック -3, ' +
      'リスク -1, 景気後退 -2, インフレ -1, 低迷 -2, 不調 -2, 弱気 -3, 悪化 -2, 下回る -2, 下回った -2, ' +
      '人員削減 -2, 罰金 -2, 戦争 -2',
    // Japanese negates after the verb: 上昇しない, 上昇せず, 回復しなかった.
    negators: 'ない, なかった, ず, ません, なく',
  },
  ko: {
    words:
      '상승* 2, 급등* 3, 폭등* 3, 반등* 2, 회복* 2, 최고치* 3, 사상최고* 3, 수익* 2, 이익* 2, 흑자* 2, 호조* 2, ' +
      '낙관* 2, 성장* 2, 성공* 2, 강세* 2, 호재* 2, ' +
      '하락* -2, 급락* -3, 폭락* -3, 추락* -3, 붕괴* -3, 최저치* -3, 손실* -2, 적자* -2, 위기* -3, 파산* -3, ' +
      '사기* -3, 해킹* -3, 도난* -3, 금지* -2, 규제* -1, 우려* -2, 불안* -2, 공포* -3, 위험* -1, 침체* -2, ' +
      '인플레이션* -1, 약세* -2, 부진* -2, 악재* -2, 악화* -2, 감원* -2, 벌금* -2, 전쟁* -2',
    // 안 and 못 come before the verb; 않- and 못하- follow it as the next word.
    negators: '안, 못',
    postNegators: '않*, 못하*, 없*',
  },
  tr: {
    words:
      'yüksel* 2, yükseliş* 2, arttı 2, artış* 2, fırladı 3, rekor 1, toparlan* 2, kazanç* 2, kâr 2, iyimser* 2, ' +
      'büyüme* 2, başarı* 2, güçlü 2, olumlu 2, iyi 2, boğa 3, ' +
      'düştü -2, düşüş* -2, düşerek -2, düşüyor -2, düşecek -2, düşük -1, geriledi -1, gerile* -1, çöktü -3, çöküş* -3, çakıldı -3, sert düşüş -3, kayıp* -2, zarar* -2, ' +
      'kriz* -3, iflas* -3, dolandırıcı* -3, hack* -3, hırsızlık* -3, yasak* -2, korku* -2, endişe* -2, ' +
      'panik* -3, risk* -1, resesyon* -2, enflasyon* -1, zayıf* -2, olumsuz* -2, kötü* -2, oynaklık* -1, ' +
      'işten çıkarma -2, ceza* -2, ayı piyasası -3, savaş* -2',
    negators: 'değil, yok, olmadan, hiç',
  },
}
