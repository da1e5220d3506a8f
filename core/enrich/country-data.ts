/**
 * Country tables for inferCountry. Data only: adding a country signal means adding a row here.
 */

/** ISO 3166-1 alpha-2 (all 249 assigned codes) plus XK, which news sites use for Kosovo. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
    'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
    'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
    'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
    'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
    'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
)

/** ccTLDs whose label is not the country's ISO code. Every other two-letter ISO label maps to itself. */
export const TLD_COUNTRY_EXCEPTIONS: Readonly<Record<string, string>> = {
  uk: 'GB',
  su: 'RU', // the Soviet TLD, still used by Russian sites
  ac: 'SH', // Ascension Island
}

/**
 * Country-code TLDs sold worldwide as vanity domains (`.io`, `.tv`, `.co`, `.me`, `.ai`, `.fm`):
 * directly under them a site is as generic as on `.com`. Under a registry's own second level
 * (`eltiempo.com.co`, `vijesti.co.me`) they are the country again.
 */
export const GENERIC_CCTLDS: ReadonlySet<string> = new Set([
  'io', 'co', 'tv', 'me', 'ai', 'fm', 'cc', 'ws', 'to', 'nu', 'gg', 'tk', 'sh', 'vc', 'gd', 'la', 'so',
])

/** Second-level labels that registries use under a ccTLD (`com.br`, `co.uk`, `gob.mx`, `or.jp`). */
export const REGISTRY_SECOND_LEVELS: ReadonlySet<string> = new Set([
  'com', 'co', 'net', 'org', 'gov', 'gob', 'edu', 'ac', 'or', 'ne', 'go', 'nic', 'info', 'news', 'web', 'press', 'ltd', 'plc',
])

/** Registrations sold under a generic TLD that still name a country (CentralNic's `uk.com`, `br.com` …). */
export const PSEUDO_CCTLD_COUNTRY: Readonly<Record<string, string>> = {
  'uk.com': 'GB', 'uk.net': 'GB', 'gb.net': 'GB', 'us.com': 'US', 'us.org': 'US', 'br.com': 'BR',
  'cn.com': 'CN', 'de.com': 'DE', 'jpn.com': 'JP', 'ru.com': 'RU', 'sa.com': 'SA', 'za.com': 'ZA',
  'mex.com': 'MX', 'in.net': 'IN', 'kr.com': 'KR', 'ae.org': 'AE', 'it.com': 'IT', 'com.de': 'DE',
}

/** Geographic and internationalised TLDs that name one country (host labels are punycode). */
export const NAMED_TLD_COUNTRY: Readonly<Record<string, string>> = {
  london: 'GB', scot: 'GB', wales: 'GB', cymru: 'GB', berlin: 'DE', hamburg: 'DE', bayern: 'DE',
  koeln: 'DE', nrw: 'DE', ruhr: 'DE', wien: 'AT', tirol: 'AT', paris: 'FR', bzh: 'FR', alsace: 'FR',
  corsica: 'FR', amsterdam: 'NL', frl: 'NL', brussels: 'BE', vlaanderen: 'BE', gent: 'BE',
  madrid: 'ES', barcelona: 'ES', cat: 'ES', eus: 'ES', gal: 'ES', swiss: 'CH', zuerich: 'CH',
  istanbul: 'TR', ist: 'TR', moscow: 'RU', tatar: 'RU', nyc: 'US', miami: 'US', boston: 'US',
  vegas: 'US', quebec: 'CA', rio: 'BR', tokyo: 'JP', osaka: 'JP', nagoya: 'JP', yokohama: 'JP',
  okinawa: 'JP', sydney: 'AU', melbourne: 'AU', capetown: 'ZA', durban: 'ZA', joburg: 'ZA',
  abudhabi: 'AE', dubai: 'AE', doha: 'QA', kyoto: 'JP',
  'xn--p1ai': 'RU', 'xn--80adxhks': 'RU', 'xn--j1amh': 'UA', 'xn--90ais': 'BY', 'xn--90a3ac': 'RS',
  'xn--d1alf': 'MK', 'xn--80ao21a': 'KZ', 'xn--90ae': 'BG', 'xn--fiqs8s': 'CN', 'xn--fiqz9s': 'CN',
  'xn--j6w193g': 'HK', 'xn--kprw13d': 'TW', 'xn--kpry57d': 'TW', 'xn--3e0b707e': 'KR',
  'xn--mix891f': 'MO', 'xn--yfro4i67o': 'SG', 'xn--mgbaam7a8h': 'AE', 'xn--mgberp4a5d4ar': 'SA',
  'xn--wgbh1c': 'EG', 'xn--mgbayh7gpa': 'JO', 'xn--wgbl6a': 'QA', 'xn--mgbc0a9azcg': 'MA',
  'xn--lgbbat1ad8j': 'DZ', 'xn--pgbs0dh': 'TN', 'xn--mgb9awbf': 'OM', 'xn--mgba3a4f16a': 'IR',
  'xn--mgbai9azgqp6j': 'PK', 'xn--h2brj9c': 'IN', 'xn--o3cw4h': 'TH', 'xn--node': 'GE',
  'xn--qxam': 'GR', 'xn--y9a3aq': 'AM',
  // The same internationalised TLDs in Unicode, for hosts that were not converted to punycode.
  рф: 'RU', москва: 'RU', укр: 'UA', бел: 'BY', срб: 'RS', мкд: 'MK', қаз: 'KZ', бг: 'BG', 中国: 'CN',
  中國: 'CN', 香港: 'HK', 台湾: 'TW', 台灣: 'TW', 한국: 'KR', 澳門: 'MO', 新加坡: 'SG', امارات: 'AE',
  السعودية: 'SA', مصر: 'EG', الاردن: 'JO', قطر: 'QA', المغرب: 'MA', الجزائر: 'DZ', تونس: 'TN', عمان: 'OM',
  ایران: 'IR', پاکستان: 'PK', भारत: 'IN', ไทย: 'TH', გე: 'GE', ελ: 'GR', հայ: 'AM',
}

/**
 * For a page with no country signal at all: the country with the most native speakers of the
 * page's language. For English this is the contract's en-US fallback; for the others it is the
 * same kind of guess, and `country_source` says `default` so `strict_country=true` drops it too.
 */
export const LANGUAGE_DEFAULT_COUNTRY: Readonly<Record<string, string>> = {
  en: 'US', es: 'MX', pt: 'BR', fr: 'FR', de: 'DE', it: 'IT', nl: 'NL', ru: 'RU', ar: 'EG',
  hi: 'IN', zh: 'CN', ja: 'JP', ko: 'KR', tr: 'TR', uk: 'UA', pl: 'PL', sv: 'SE', no: 'NO',
  da: 'DK', fi: 'FI', is: 'IS', cs: 'CZ', sk: 'SK', hu: 'HU', ro: 'RO', bg: 'BG', el: 'GR',
  he: 'IL', fa: 'IR', ur: 'PK', bn: 'BD', ta: 'IN', te: 'IN', mr: 'IN', gu: 'IN', kn: 'IN',
  ml: 'IN', pa: 'IN', or: 'IN', th: 'TH', vi: 'VN', id: 'ID', ms: 'MY', tl: 'PH', sr: 'RS',
  hr: 'HR', bs: 'BA', sl: 'SI', mk: 'MK', sq: 'AL', lt: 'LT', lv: 'LV', et: 'EE', ca: 'ES',
  eu: 'ES', gl: 'ES', hy: 'AM', ka: 'GE', az: 'AZ', kk: 'KZ', be: 'BY', sw: 'TZ', am: 'ET',
  yo: 'NG', ku: 'IQ', lo: 'LA', km: 'KH', my: 'MM', si: 'LK', ne: 'NP', uz: 'UZ', mn: 'MN',
}

/** Country names and codes that CLDR's display names do not cover (abbreviations, alpha-3, old names). */
export const COUNTRY_NAME_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US', 'u.s.': 'US', 'u.s.a.': 'US', us: 'US', america: 'US', 'united states of america': 'US',
  uk: 'GB', 'u.k.': 'GB', britain: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB',
  wales: 'GB', 'northern ireland': 'GB', gbr: 'GB', deu: 'DE', fra: 'FR', esp: 'ES', ita: 'IT',
  bra: 'BR', ind: 'IN', chn: 'CN', jpn: 'JP', kor: 'KR', rus: 'RU', tur: 'TR', nld: 'NL',
  mex: 'MX', arg: 'AR', can: 'CA', aus: 'AU', prt: 'PT', che: 'CH', aut: 'AT', bel: 'BE',
  holland: 'NL', 'the netherlands': 'NL', 'south korea': 'KR', 'republic of korea': 'KR',
  'north korea': 'KP', russia: 'RU', 'russian federation': 'RU', 'czech republic': 'CZ',
  'ivory coast': 'CI', türkiye: 'TR', turkey: 'TR', uae: 'AE', 'u.a.e.': 'AE', ksa: 'SA',
  'hong kong sar': 'HK', 'mainland china': 'CN', prc: 'CN', eeuu: 'US', 'ee.uu.': 'US', eua: 'US',
  россия: 'RU', 'рф': 'RU', сша: 'US', '中华人民共和国': 'CN', 中國: 'CN', 日本国: 'JP', 대한민국: 'KR',
  'السعودية': 'SA', 'مصر': 'EG', 'الإمارات': 'AE', भारत: 'IN', hindistan: 'IN',
}

/**
 * Dateline cities (lower case, as they open a wire story: "LONDON (Reuters) —"), in English and
 * the local spelling. Cities whose name is shared by two countries (Tripoli, Hyderabad) are left out.
 */
export const DATELINE_CITY_COUNTRY: Readonly<Record<string, string>> = {
  london: 'GB', manchester: 'GB', edinburgh: 'GB', glasgow: 'GB', belfast: 'GB', cardiff: 'GB', liverpool: 'GB',
  washington: 'US', 'new york': 'US', 'los angeles': 'US', chicago: 'US', 'san francisco': 'US',
  houston: 'US', boston: 'US', miami: 'US', seattle: 'US', atlanta: 'US', dallas: 'US', detroit: 'US',
  philadelphia: 'US', denver: 'US', 'las vegas': 'US', 'new orleans': 'US', phoenix: 'US',
  minneapolis: 'US', 'silicon valley': 'US', 'wall street': 'US',
  ottawa: 'CA', toronto: 'CA', montreal: 'CA', montréal: 'CA', vancouver: 'CA', calgary: 'CA',
  'mexico city': 'MX', 'ciudad de méxico': 'MX', 'ciudad de mexico': 'MX', guadalajara: 'MX', monterrey: 'MX',
  'são paulo': 'BR', 'sao paulo': 'BR', 'rio de janeiro': 'BR', brasília: 'BR', brasilia: 'BR',
  'buenos aires': 'AR', santiago: 'CL', 'santiago de chile': 'CL', lima: 'PE', bogotá: 'CO', bogota: 'CO',
  caracas: 'VE', quito: 'EC', montevideo: 'UY', asunción: 'PY', havana: 'CU', 'la habana': 'CU',
  paris: 'FR', marseille: 'FR', lyon: 'FR', strasbourg: 'FR', toulouse: 'FR',
  berlin: 'DE', munich: 'DE', münchen: 'DE', frankfurt: 'DE', hamburg: 'DE', cologne: 'DE', köln: 'DE',
  düsseldorf: 'DE', stuttgart: 'DE', vienna: 'AT', wien: 'AT', zurich: 'CH', zürich: 'CH', geneva: 'CH',
  genève: 'CH', genf: 'CH', bern: 'CH', davos: 'CH', madrid: 'ES', barcelona: 'ES', seville: 'ES',
  sevilla: 'ES', valencia: 'ES', bilbao: 'ES', lisbon: 'PT', lisboa: 'PT', porto: 'PT',
  rome: 'IT', roma: 'IT', milan: 'IT', milano: 'IT', naples: 'IT', napoli: 'IT', turin: 'IT', torino: 'IT',
  'vatican city': 'VA', amsterdam: 'NL', 'the hague': 'NL', 'den haag': 'NL', rotterdam: 'NL',
  brussels: 'BE', bruxelles: 'BE', brussel: 'BE', antwerp: 'BE', luxembourg: 'LU', dublin: 'IE',
  copenhagen: 'DK', københavn: 'DK', stockholm: 'SE', oslo: 'NO', helsinki: 'FI', reykjavik: 'IS',
  warsaw: 'PL', warszawa: 'PL', prague: 'CZ', praha: 'CZ', budapest: 'HU', bratislava: 'SK',
  bucharest: 'RO', bucurești: 'RO', sofia: 'BG', athens: 'GR', belgrade: 'RS', beograd: 'RS',
  zagreb: 'HR', ljubljana: 'SI', sarajevo: 'BA', tirana: 'AL', skopje: 'MK', chisinau: 'MD',
  moscow: 'RU', москва: 'RU', 'st. petersburg': 'RU', 'saint petersburg': 'RU', 'санкт-петербург': 'RU',
  kyiv: 'UA', kiev: 'UA', київ: 'UA', киев: 'UA', kharkiv: 'UA', odesa: 'UA', minsk: 'BY', минск: 'BY',
  ankara: 'TR', istanbul: 'TR', tbilisi: 'GE', yerevan: 'AM', baku: 'AZ', astana: 'KZ', almaty: 'KZ',
  tashkent: 'UZ', beijing: 'CN', 北京: 'CN', shanghai: 'CN', 上海: 'CN', shenzhen: 'CN', guangzhou: 'CN',
  'hong kong': 'HK', 香港: 'HK', taipei: 'TW', 台北: 'TW', tokyo: 'JP', 東京: 'JP', 东京: 'JP', osaka: 'JP',
  seoul: 'KR', 서울: 'KR', pyongyang: 'KP', 'new delhi': 'IN', 'नई दिल्ली': 'IN', delhi: 'IN',
  mumbai: 'IN', मुंबई: 'IN', kolkata: 'IN', chennai: 'IN', bengaluru: 'IN', bangalore: 'IN',
  islamabad: 'PK', karachi: 'PK', lahore: 'PK', dhaka: 'BD', colombo: 'LK', kathmandu: 'NP', kabul: 'AF',
  tehran: 'IR', baghdad: 'IQ', damascus: 'SY', beirut: 'LB', amman: 'JO', 'tel aviv': 'IL',
  riyadh: 'SA', الرياض: 'SA', jeddah: 'SA', dubai: 'AE', دبي: 'AE', 'abu dhabi': 'AE', doha: 'QA',
  'kuwait city': 'KW', manama: 'BH', muscat: 'OM', sanaa: 'YE', "sana'a": 'YE', cairo: 'EG',
  القاهرة: 'EG', alexandria: 'EG', tunis: 'TN', algiers: 'DZ', rabat: 'MA', casablanca: 'MA',
  khartoum: 'SD', nairobi: 'KE', lagos: 'NG', abuja: 'NG', accra: 'GH', 'addis ababa': 'ET',
  johannesburg: 'ZA', 'cape town': 'ZA', pretoria: 'ZA', kinshasa: 'CD', dakar: 'SN', kampala: 'UG',
  harare: 'ZW', sydney: 'AU', melbourne: 'AU', canberra: 'AU', brisbane: 'AU', auckland: 'NZ',
  wellington: 'NZ', singapore: 'SG', 'kuala lumpur': 'MY', jakarta: 'ID', manila: 'PH', bangkok: 'TH',
  hanoi: 'VN', 'ho chi minh city': 'VN',
}
