/** The demo's countries, one entry per country with its editions (data; the shapes and lookups: country.ts, geo.ts). */
import { type Country, places } from './country.ts'

export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    tlds: ['us'],
    offsetMin: -300,
    editions: [
      {
        lang: 'en',
        publishers: 2,
        places: places(
          'New York:newyork|Chicago:chicago|Houston:houston|Boston:boston|Seattle:seattle|Denver:denver|Atlanta:atlanta|Phoenix:phoenix|Portland:portland|Dallas:dallas',
        ),
      },
    ],
  },
  {
    code: 'GB',
    tlds: ['co.uk', 'co.uk', 'uk'],
    offsetMin: 0,
    editions: [
      {
        lang: 'en',
        publishers: 14,
        places: places(
          'London:london|Manchester:manchester|Leeds:leeds|Bristol:bristol|Glasgow:glasgow|Birmingham:birmingham|Cardiff:cardiff|Liverpool:liverpool',
        ),
      },
    ],
  },
  {
    code: 'AU',
    tlds: ['com.au'],
    offsetMin: 600,
    editions: [
      {
        lang: 'en',
        publishers: 8,
        places: places(
          'Sydney:sydney|Melbourne:melbourne|Brisbane:brisbane|Perth:perth|Adelaide:adelaide|Canberra:canberra',
        ),
      },
    ],
  },
  {
    code: 'CA',
    tlds: ['ca'],
    offsetMin: -300,
    editions: [
      {
        lang: 'en',
        publishers: 6,
        places: places(
          'Toronto:toronto|Vancouver:vancouver|Calgary:calgary|Ottawa:ottawa|Winnipeg:winnipeg|Halifax:halifax',
        ),
      },
      {
        lang: 'fr',
        publishers: 3,
        places: places('Montréal:montreal|Québec:quebec|Gatineau:gatineau|Sherbrooke:sherbrooke|Laval:laval'),
      },
    ],
  },
  {
    code: 'IE',
    tlds: ['ie'],
    offsetMin: 0,
    editions: [
      {
        lang: 'en',
        publishers: 5,
        places: places('Dublin:dublin|Cork:cork|Galway:galway|Limerick:limerick|Waterford:waterford'),
      },
    ],
  },
  {
    code: 'NZ',
    tlds: ['co.nz'],
    offsetMin: 720,
    editions: [
      {
        lang: 'en',
        publishers: 4,
        places: places(
          'Auckland:auckland|Wellington:wellington|Christchurch:christchurch|Hamilton:hamilton|Dunedin:dunedin',
        ),
      },
    ],
  },
  {
    code: 'ZA',
    tlds: ['co.za'],
    offsetMin: 120,
    editions: [
      {
        lang: 'en',
        publishers: 5,
        places: places('Johannesburg:joburg|Cape Town:capetown|Durban:durban|Pretoria:pretoria|Soweto:soweto'),
      },
    ],
  },
  {
    code: 'NG',
    tlds: ['com.ng', 'ng'],
    offsetMin: 60,
    editions: [
      { lang: 'en', publishers: 5, places: places('Lagos:lagos|Abuja:abuja|Kano:kano|Ibadan:ibadan|Enugu:enugu') },
    ],
  },
  {
    code: 'IN',
    tlds: ['co.in', 'in'],
    offsetMin: 330,
    editions: [
      {
        lang: 'en',
        publishers: 8,
        places: places(
          'Mumbai:mumbai|New Delhi:newdelhi|Bengaluru:bengaluru|Chennai:chennai|Kolkata:kolkata|Hyderabad:hyderabad|Pune:pune',
        ),
      },
      {
        lang: 'hi',
        publishers: 8,
        places: places('मुंबई:mumbai|दिल्ली:delhi|लखनऊ:lucknow|जयपुर:jaipur|पटना:patna|भोपाल:bhopal|इंदौर:indore'),
      },
    ],
  },
  {
    code: 'SG',
    tlds: ['com.sg', 'sg'],
    offsetMin: 480,
    editions: [
      {
        lang: 'en',
        publishers: 4,
        places: places('Singapore:singapore|Jurong:jurong|Tampines:tampines|Woodlands:woodlands'),
      },
      { lang: 'zh', publishers: 3, places: places('新加坡:xinjiapo|裕廊:yulang|淡滨尼:danbinni|兀兰:wulan') },
    ],
  },
  {
    code: 'ES',
    tlds: ['es'],
    offsetMin: 60,
    editions: [
      {
        lang: 'es',
        publishers: 11,
        places: places(
          'Madrid:madrid|Barcelona:barcelona|Valencia:valencia|Sevilla:sevilla|Bilbao:bilbao|Zaragoza:zaragoza|Málaga:malaga',
        ),
      },
    ],
  },
  {
    code: 'MX',
    tlds: ['com.mx', 'mx'],
    offsetMin: -360,
    editions: [
      {
        lang: 'es',
        publishers: 8,
        places: places(
          'Ciudad de México:cdmx|Guadalajara:guadalajara|Monterrey:monterrey|Puebla:puebla|Tijuana:tijuana|Mérida:merida',
        ),
      },
    ],
  },
  {
    code: 'AR',
    tlds: ['com.ar'],
    offsetMin: -180,
    editions: [
      {
        lang: 'es',
        publishers: 7,
        places: places('Buenos Aires:buenosaires|Córdoba:cordoba|Rosario:rosario|Mendoza:mendoza|Salta:salta'),
      },
    ],
  },
  {
    code: 'CO',
    tlds: ['com.co'],
    offsetMin: -300,
    editions: [
      {
        lang: 'es',
        publishers: 5,
        places: places('Bogotá:bogota|Medellín:medellin|Cali:cali|Barranquilla:barranquilla|Cartagena:cartagena'),
      },
    ],
  },
  {
    code: 'CL',
    tlds: ['cl'],
    offsetMin: -180,
    editions: [
      {
        lang: 'es',
        publishers: 5,
        places: places(
          'Santiago:santiago|Valparaíso:valparaiso|Concepción:concepcion|Antofagasta:antofagasta|Temuco:temuco',
        ),
      },
    ],
  },
  {
    code: 'BR',
    tlds: ['com.br'],
    offsetMin: -180,
    editions: [
      {
        lang: 'pt',
        publishers: 11,
        places: places(
          'São Paulo:saopaulo|Brasília:brasilia|Belo Horizonte:bh|Salvador:salvador|Curitiba:curitiba|Recife:recife|Porto Alegre:portoalegre',
        ),
      },
    ],
  },
  {
    code: 'PT',
    tlds: ['pt'],
    offsetMin: 0,
    editions: [
      {
        lang: 'pt',
        publishers: 6,
        places: places('Lisboa:lisboa|Braga:braga|Coimbra:coimbra|Faro:faro|Aveiro:aveiro'),
      },
    ],
  },
  {
    code: 'FR',
    tlds: ['fr'],
    offsetMin: 60,
    editions: [
      {
        lang: 'fr',
        publishers: 12,
        places: places(
          'Paris:paris|Lyon:lyon|Marseille:marseille|Toulouse:toulouse|Bordeaux:bordeaux|Lille:lille|Nantes:nantes|Strasbourg:strasbourg',
        ),
      },
    ],
  },
  {
    code: 'BE',
    tlds: ['be'],
    offsetMin: 60,
    editions: [
      { lang: 'fr', publishers: 3, places: places('Bruxelles:bruxelles|Liège:liege|Namur:namur|Charleroi:charleroi') },
      { lang: 'nl', publishers: 3, places: places('Antwerpen:antwerpen|Gent:gent|Brugge:brugge|Leuven:leuven') },
    ],
  },
  {
    code: 'CH',
    tlds: ['ch'],
    offsetMin: 60,
    editions: [
      {
        lang: 'de',
        publishers: 5,
        places: places('Zürich:zuerich|Bern:bern|Basel:basel|Luzern:luzern|Winterthur:winterthur'),
      },
    ],
  },
  {
    code: 'DE',
    tlds: ['de'],
    offsetMin: 60,
    editions: [
      {
        lang: 'de',
        publishers: 13,
        places: places(
          'Berlin:berlin|Hamburg:hamburg|München:muenchen|Köln:koeln|Frankfurt:frankfurt|Stuttgart:stuttgart|Leipzig:leipzig|Dresden:dresden',
        ),
      },
    ],
  },
  {
    code: 'AT',
    tlds: ['at'],
    offsetMin: 60,
    editions: [
      {
        lang: 'de',
        publishers: 5,
        places: places('Wien:wien|Graz:graz|Linz:linz|Salzburg:salzburg|Innsbruck:innsbruck'),
      },
    ],
  },
  {
    code: 'IT',
    tlds: ['it'],
    offsetMin: 60,
    editions: [
      {
        lang: 'it',
        publishers: 11,
        places: places(
          'Roma:roma|Milano:milano|Napoli:napoli|Torino:torino|Firenze:firenze|Bologna:bologna|Palermo:palermo',
        ),
      },
    ],
  },
  {
    code: 'NL',
    tlds: ['nl'],
    offsetMin: 60,
    editions: [
      {
        lang: 'nl',
        publishers: 8,
        places: places(
          'Amsterdam:amsterdam|Rotterdam:rotterdam|Den Haag:denhaag|Utrecht:utrecht|Eindhoven:eindhoven|Groningen:groningen',
        ),
      },
    ],
  },
  {
    code: 'RU',
    tlds: ['ru'],
    offsetMin: 180,
    editions: [
      {
        lang: 'ru',
        publishers: 12,
        places: places(
          'Москва/Москве:moskva|Санкт-Петербург/Санкт-Петербурге:spb|Новосибирск/Новосибирске:novosibirsk|Екатеринбург/Екатеринбурге:ekb|Казань/Казани:kazan|Самара/Самаре:samara',
        ),
      },
    ],
  },
  {
    code: 'EG',
    tlds: ['com.eg', 'eg'],
    offsetMin: 120,
    editions: [
      {
        lang: 'ar',
        publishers: 6,
        places: places('القاهرة:cairo|الإسكندرية:alex|الجيزة:giza|أسوان:aswan|المنصورة:mansoura'),
      },
    ],
  },
  {
    code: 'SA',
    tlds: ['com.sa', 'sa'],
    offsetMin: 180,
    editions: [
      {
        lang: 'ar',
        publishers: 5,
        places: places('الرياض:riyadh|جدة:jeddah|الدمام:dammam|مكة:makkah|المدينة:madinah'),
      },
    ],
  },
  {
    code: 'AE',
    tlds: ['ae'],
    offsetMin: 240,
    editions: [
      {
        lang: 'ar',
        publishers: 5,
        places: places('دبي:dubai|أبوظبي:abudhabi|الشارقة:sharjah|العين:alain|عجمان:ajman'),
      },
    ],
  },
  {
    code: 'MA',
    tlds: ['ma'],
    offsetMin: 60,
    editions: [
      { lang: 'ar', publishers: 3, places: places('الرباط:rabat|الدار البيضاء:casablanca|فاس:fes|مراكش:marrakech') },
      {
        lang: 'fr',
        publishers: 3,
        places: places('Rabat:rabat|Casablanca:casablanca|Fès:fes|Marrakech:marrakech|Tanger:tanger'),
      },
    ],
  },
  {
    code: 'CN',
    tlds: ['cn', 'com.cn'],
    offsetMin: 480,
    editions: [
      {
        lang: 'zh',
        publishers: 9,
        places: places('北京:beijing|上海:shanghai|广州:guangzhou|深圳:shenzhen|成都:chengdu|武汉:wuhan|杭州:hangzhou'),
      },
    ],
  },
  {
    code: 'JP',
    tlds: ['co.jp', 'jp'],
    offsetMin: 540,
    editions: [
      {
        lang: 'ja',
        publishers: 11,
        places: places('東京:tokyo|大阪:osaka|名古屋:nagoya|札幌:sapporo|福岡:fukuoka|横浜:yokohama|京都:kyoto'),
      },
    ],
  },
  {
    code: 'KR',
    tlds: ['co.kr', 'kr'],
    offsetMin: 540,
    editions: [
      {
        lang: 'ko',
        publishers: 9,
        places: places('서울:seoul|부산:busan|인천:incheon|대구:daegu|광주:gwangju|대전:daejeon'),
      },
    ],
  },
  {
    code: 'TR',
    tlds: ['com.tr'],
    offsetMin: 180,
    editions: [
      {
        lang: 'tr',
        publishers: 9,
        places: places(
          'İstanbul:istanbul|Ankara:ankara|İzmir:izmir|Bursa:bursa|Antalya:antalya|Adana:adana|Konya:konya',
        ),
      },
    ],
  },
]
