/**
 * Category word lists. Data only: `word`, `stem*` (prefix match), `two words` (a phrase).
 * Chinese and Japanese entries are matched as substrings. Every entry belongs to one category
 * per language (a test checks), so an ambiguous word (es `partido`: party or match) is left out.
 */
import type { Category } from '../categories.ts'

export type CategoryLists = Readonly<Record<Category, string>>

/**
 * URL path sections, sub-domains, article:section values and tags, in any language (URLs are
 * mostly transliterated: `ekonomika`, `siyaset`; `caijing` for 财经, `keizai` for 経済).
 */
export const SECTION_WORDS: CategoryLists = {
  politics:
    'politic*, politik*, politiq*, politiek*, politica*, политик*, siyaset*, siyasi, سياسة, राजनीति*, rajniti, ' +
    'elections, election, elecciones, eleicoes, wahlen, wahl, elezioni, verkiezingen, выборы, secim, ' +
    'government, gobierno, governo, regierung, congress, parliament, parlamento, parlament, shizheng, zhengzhi, seiji, jeongchi, ' +
    '政治, 时政, 정치, 政局, rajneeti',
  business:
    'business*, econom*, économie, economia, wirtschaft*, finanz*, financ*, finance*, finanças, markets, market, ' +
    'money, markt, märkte, mercado*, marchés, borsa, bourse, börse, beurs, экономик*, финанс*, бизнес*, ekonomi*, ' +
    'finans, iktisat, companies, empresas, unternehmen, negocios, crypto*, bitcoin, stocks, investing, ' +
    'personal-finance, realestate, immobilien, inmobiliario, eqtisad, اقتصاد*, अर्थव्यवस्था, व्यापार, caijing, keizai, ' +
    'gyeongje, 经济, 财经, 財經, 経済, 경제, 产经, wirtschaftspolitik, vyapar, vyapaar',
  technology:
    'tech*, technolog*, tecnolog*, technik*, techniek, digital*, internet, gadgets, innovation, software, mobile, gaming, ' +
    'технологи*, hi-tech, hitech, teknoloji*, تكنولوجيا, تقنية, टेक, तकनीक, keji, 科技, 테크, it-technik, netzwelt, ' +
    'startups, ai, it, plattformen, tehnolog*',
  science:
    'scien*, ciencia*, ciencias, wissenschaft*, wetenschap*, scienza, наук*, bilim*, علوم, विज्ञान, kexue, 科学, ' +
    'space, espacio, raumfahrt, weltraum, astronomy, research, forschung, 과학, vigyan, nauka',
  health:
    'health*, salud, saude, santé, gesundheit*, salute, gezondheid, здоровье, здоров*, sağlık, saglik, صحة, ' +
    'स्वास्थ्य, jiankang, 健康, kenko, medicine, medical, medicina, medizin, wellness, coronavirus, covid*, fitness, 건강, swasthya, zdorov*',
  sport:
    'sport*, deport*, esporte*, desporto*, calcio*, fussball, fußball, futbol*, fútbol, football, soccer, voetbal, спорт*, ' +
    'futebol, spor, رياضة, खेल, tiyu, 体育, 體育, supotsu, nba, nfl, mlb, nhl, cricket, tennis, golf, rugby, formula1, f1, ' +
    'motorsport*, olympics, olimpiadas, bundesliga, boxing, mma, ufc, cycling, athletics, 스포츠, khel',
  entertainment:
    'entertainment*, culture, cultura, kultur*, cultuur, культур*, kultura, cinema, cine, kino, film*, movies, movie, ' +
    'music, musica, musik, muziek, музык*, celebrity, celebrities, celebs, showbiz, famosos, promi*, tv, television, ' +
    'televisão, fernsehen, arts, arte, kunst, books, libros, livres, eglence, magazin, فن, ثقافة, ' +
    'मनोरंजन, बॉलीवुड, yule, 娱乐, 娛樂, ent, geinou, 芸能, yeonye, 연예, gossip, people, stars, entreten*, manoranjan',
  society:
    'society, sociedad, sociedade, société, gesellschaft, samenleving, società, общество, toplum, مجتمع, समाज, ' +
    'shehui, 社会, shakai, sahoe, 사회, education, educación, educação, bildung, onderwijs, istruzione, ' +
    'образование, eğitim, lifestyle, life, vida, leben, religion, religione, family, familia, ' +
    'vermischtes, panorama, women, mujer, gender, lgbt, schools, housing, welfare, community, communities, cotidiano, shiksha, obshchestv*, obshestv*, yasam',
  crime:
    'crime*, crimen, crimine, kriminal*, criminalit*, misdaad, криминал*, происшеств*, suç, asayiş, حوادث, अपराध, ' +
    'police, policia, polizei, politie, polizia, sucesos, policiales, policial, faits-divers, fait-divers, ' +
    'cronaca, cronaca-nera, courts, tribunales, justicia, fazheng, 法制, jiken, 事件, sagun, 사건, blaulicht, true-crime, apradh, proisshestvi*',
  environment:
    'environment*, climate, clima, klima*, climat, medio-ambiente, meio-ambiente, umwelt*, ambiente, milieu, экологи*, ' +
    'çevre, بيئة, पर्यावरण, huanjing, 环境, kankyo, hwangyeong, 환경, green, planet, weather, wetter, meteo, погода, ' +
    'hava-durumu, sustainability, nature, natur, naturaleza, wildlife, paryavaran',
  world:
    'world, international*, internacional*, mundo, monde, welt, ausland, buitenland, mondo, esteri, estero, мир, в-мире, ' +
    'dunya, عالم, العالم, दुनिया, विदेश, guoji, 国际, 國際, kokusai, 国際, gukje, 국제, foreign, global, ' +
    'middle-east, mideast, videsh, duniya, v-mire, mir',
}

/** Keywords by ISO 639-1 language. Languages not listed fall back to English. */
export const CATEGORY_KEYWORDS: Readonly<Record<string, CategoryLists>> = {
  en: {
    politics:
      'election*, elector*, voter*, voting, ballot*, parliament*, senat*, congress*, lawmaker*, legislat*, minister*, ' +
      'president*, govern*, cabinet, prime minister, politic*, campaign*, democrat*, republican*, opposition, referendum, ' +
      'coalition, mp, mps, white house, downing street, chancellor, governor*, mayor*, impeach*, constitution*, constitutional, senate, party leader*, party leadership',
    business:
      'econom*, market*, stock, stocks, shares, shareholder*, investor*, investment*, invests, invested, investing, profit*, revenue*, earnings, inflation, ' +
      'interest rate*, central bank, fed, federal reserve, gdp, recession, trade, tariff*, export*, imports, imported, importer*, company, ' +
      'companies, ceo, merger*, acquisition*, ipo, bank*, finance, financial, budget*, oil prices, crude, dollar, currency, ' +
      'currencies, bitcoin, crypto*, nasdaq, dow, wall street, retail*, layoff*, unemployment, bond*, debt, loan*, ' +
      'mortgage*, sales, bear market, bull market, trade deal*, trade agreement*, quarterly, deficit*',
    technology:
      'technolog*, tech, software, hardware, app, apps, smartphone*, iphone*, android, google, apple, microsoft, meta, ' +
      'facebook, openai, chatgpt, ai, artificial intelligence, algorithm*, chip*, semiconductor*, processor*, computer*, ' +
      'internet, cyber*, hacker*, data breach, cloud, startup*, robot*, automation, 5g, broadband, gadget*, laptop*, ' +
      'gaming, console*, social media, tiktok, youtube, twitter, electric vehicle*, quantum computing, encryption, blockchain, online platform*, data center*, data centre*, fibre, fiber, fibre-optic, electric car*',
    science:
      'scien*, research*, physic*, chemis*, biolog*, astronom*, nasa, space, spacecraft, rocket*, satellite*, telescope*, ' +
      'planet*, mars, moon, orbit*, asteroid*, galaxy, galaxies, universe, fossil*, dinosaur*, archaeolog*, species, ' +
      'genome, genetic*, dna, evolution, quantum, particle*, laborator*, experiment*, discovery, cern, esa',
    health:
      'health*, hospital*, doctor*, nurse*, patient*, disease*, virus*, vaccin*, covid*, coronavirus, pandemic*, ' +
      'epidemic*, outbreak*, cancer*, diabetes, heart attack, stroke, medicine*, medical, drug*, treatment*, therap*, ' +
      'surgery, surgeon*, infection*, flu, influenza, measles, mental health, obesity, nutrition, diet*, ' +
      'world health organization, pharma*, fda, clinical, symptom*, dementia, alzheimer*, ministry of health, health ministry, clinic*',
    sport:
      'sport*, football, footballer*, soccer, match, matches, goal*, striker*, midfielder*, coach*, league*, champion*, ' +
      'tournament*, world cup, premier league, champions league, la liga, serie a, bundesliga, nba, nfl, mlb, nhl, ' +
      'tennis, wimbledon, golf*, cricket*, rugby, formula one, formula 1, f1, grand prix, olympic*, athlet*, marathon*, ' +
      'cycling, tour de france, boxing, boxer*, ufc, baseball, basketball, hockey, quarterback*, stadium*, fifa, uefa, ' +
      'medal*, player*, club, clubs, squad*, fixture*, semi-final*, quarter-final*, scored, goalkeeper*, defender*, ' +
      'winger*, derby, innings, wicket*, batsman, batter*, bowler*, referee*, transfer window, kick-off, playoff*, ' +
      'touchdown*, grand slam, podium, season opener*, finals, cup final, supporters, semifinal*, fans',
    entertainment:
      'film*, movie*, cinema*, box office, actor*, actress*, hollywood, bollywood, oscar*, academy award*, emmy*, grammy*, ' +
      'golden globe*, music, musician*, singer*, song*, album*, concert*, rapper*, pop star, celebrity, celebrities, ' +
      'netflix, disney, hbo, streaming, tv series, television, sitcom, festival*, cannes, premiere*, trailer*, sequel*, ' +
      'novel*, theatre, theater, broadway, comedian*, musical*, band, bands, gig*, awards ceremony, box-office',
    society:
      'education, school*, student*, teacher*, universit*, pupil*, religio*, church*, mosque*, pope, immigra*, migrant*, ' +
      'protest*, workers, welfare, pension*, poverty, homeless*, housing, rent, family, families, child*, women, ' +
      'gender, equality, discrimination, racism, lgbt*, gay, transgender, marriage, abortion, population, census, elderly, ' +
      'youth, community, communities, volunteer*, charity, charities, social, accident*, traffic, public transport, residents, neighbours, neighbors, community centre*, community center*, cultural centre*, cultural center*',
    crime:
      'crime*, criminal*, police, policeman, arrest*, detain*, suspect*, murder*, homicide*, shooting*, gunman, gunmen, ' +
      'stabbing*, stabbed, robbery, robber*, theft, thief, thieves, burglar*, fraud*, scam*, smuggl*, traffick*, drug trafficking, ' +
      'cartel*, gang*, prison*, jail*, inmate*, sentenced, convicted, conviction*, guilty, court, prosecutor*, indict*, ' +
      'charged, rape*, assault*, kidnap*, abduct*, corruption, bribe*, money laundering, fbi, judge*, detective*, investigator*, witness*, testimony',
    environment:
      'climate, climate change, global warming, environment*, emission*, carbon, co2, greenhouse, pollut*, renewable*, ' +
      'solar, wind power, wind farm*, fossil fuel*, coal, deforestation, forest*, wildfire*, bushfire*, drought*, flood*, ' +
      'heatwave*, heat wave, hurricane*, typhoon*, cyclone*, storm*, earthquake*, tsunami*, volcano*, weather, ' +
      'biodiversity, wildlife, endangered, extinction, plastic*, recycl*, ocean*, glacier*, sea level*, greenpeace, ' +
      'sustainab*, net zero, national park*, nature reserve*, air pollution, recycling, renewable energy',
    world:
      'war, wars, conflict*, ceasefire, truce, invasion, troops, military, army, missile*, airstrike*, air strike*, nato, ' +
      'united nations, un security council, embassy, ambassador*, diplomat*, foreign minister, foreign ministry, summit*, ' +
      'treaty, sanctions, refugee*, humanitarian, gaza, ukraine, kremlin, hamas, hezbollah, taliban, houthi*',
  },
  es: {
    politics:
      'elecci*, electoral*, votaci*, votant*, parlament*, senado*, congres*, diputad*, ministr*, president*, gobiern*, ' +
      'polític*, socialista*, oposición, campaña, alcalde*, gobernador*, referéndum, coalición, moncloa, legislat*, constitución, constitucional*',
    business:
      'econom*, mercado*, bolsa*, inversor*, inversi*, beneficio*, ganancia*, ingresos, inflación, tipos de interés, ' +
      'tasa de interés, banco central, banco mundial, pib, recesión, comercio, arancel*, exportaci*, importaci*, empresa*, compañía*, ' +
      'fusión, adquisición, banc*, financier*, finanzas, presupuesto*, impuesto*, petróleo, dólar*, euro, moneda*, divisa*, ' +
      'bitcoin, cripto*, empleo, desempleo, paro, ventas, deuda*, hipoteca*, ibex, acuerdo comercial, acuerdos comerciales, déficit',
    technology:
      'tecnolog*, software, aplicación, aplicaciones, app, smartphone*, móvil*, celular*, iphone, android, google, apple, ' +
      'microsoft, inteligencia artificial, ia, algoritmo*, chip*, semiconductor*, ordenador*, computador*, internet, ' +
      'ciberataque*, ciberseguridad, hacker*, nube, startup*, robot*, 5g, redes sociales, videojuego*, consola*, coche eléctrico, coches eléctricos, vehículo eléctrico, vehículos eléctricos, fibra óptica, centro de datos, centros de datos, plataforma digital',
    science:
      'cienci*, científic*, investigador*, físic*, químic*, biolog*, astronom*, nasa, espacio, espacial*, cohete*, ' +
      'satélite*, telescopio*, planeta*, marte, luna, órbita, asteroide*, galaxia*, universo, fósil*, dinosaurio*, ' +
      'arqueolog*, especie*, genoma, adn, evolución, cuántic*, partícula*, laboratorio*, experimento*, descubr*',
    health:
      'salud, sanitari*, hospital*, médic*, enfermer*, paciente*, enfermedad*, virus, vacun*, covid*, coronavirus, ' +
      'pandemia*, epidemia*, brote*, cáncer, diabetes, infarto*, ictus, medicament*, fármaco*, tratamiento*, terapia*, ' +
      'cirugía*, cirujan*, infección*, gripe, sarampión, salud mental, obesidad, nutrición, dieta*, oms, farmacéutic*, ' +
      'síntoma*, demencia, alzhéimer, sanidad, clínica*',
    sport:
      'deport*, fútbol, futbol*, gol, goles, goleador*, delantero*, entrenador*, liga, ligas, campeón, campeones, campeonato*, ' +
      'torneo*, mundial, copa*, champions, laliga, real madrid, barça, atlético, selección*, tenis, golf, ciclismo, ' +
      'baloncesto, nba, fórmula 1, f1, gran premio, olímpic*, atleta*, maratón, boxeo, estadio*, fifa, uefa, medalla*, jugador*, fichaje*, afición, hinchas, aficionados, final de copa',
    entertainment:
      'cine, cinemat*, película*, taquilla, actor*, actriz, hollywood, óscar, goya, grammy, música, músic*, ' +
      'cantante*, canción*, álbum*, concierto*, gira, rapero*, famos*, celebridad*, netflix, disney, serie*, televisión, ' +
      'telenovela*, festival*, estreno*, tráiler, secuela, novela*, teatro*, humorista*, reality, disco, discos, gala*, premios, musical*',
    society:
      'educación, escuela*, colegio*, estudiante*, alumno*, profesor*, universidad*, religi*, iglesia*, mezquita*, papa, ' +
      'inmigra*, migrante*, protesta*, manifestación*, huelga*, trabajadores, pensión*, pensiones, jubilad*, pobreza, ' +
      'vivienda*, alquiler*, familia*, niño*, niña*, mujer*, igualdad, género, discriminación, racismo, lgbt*, ' +
      'matrimonio*, aborto*, población, jóvenes, comunidad*, voluntari*, solidari*, social*, accidente*, vecinos, residentes, transporte público, centro comunitario',
    crime:
      'crimen*, criminal*, delito*, delincuen*, policía*, policial*, detenido*, detención, arrest*, sospechos*, ' +
      'asesinato*, asesin*, homicidio*, feminicidio*, tiroteo*, apuñal*, robo*, ladrón*, ladrones, hurto*, fraude*, ' +
      'estafa*, contrabando, narcotráfico, narco*, cártel*, pandilla*, prisión, cárcel*, preso*, condena*, culpable, ' +
      'juicio*, tribunal*, fiscalía, violación*, agresión*, secuestr*, corrupción, soborno*, blanqueo, lavado de dinero, ' +
      'guardia civil, juez, jueza, jueces, detective*, testigo*, fiscal general',
    environment:
      'clima, climático*, cambio climático, calentamiento global, medio ambiente, medioambient*, ambiental*, emisiones, ' +
      'carbono, co2, invernadero, contamina*, renovable*, solar, eólic*, combustibles fósiles, carbón, deforestación, ' +
      'bosque*, incendio*, sequía*, inundaci*, ola de calor, huracán*, tifón*, ciclón*, tormenta*, terremoto*, sismo*, ' +
      'tsunami*, volcán*, biodiversidad, fauna, extinción, plástico*, recicla*, océano*, glaciar*, nivel del mar, ' +
      'greenpeace, sostenib*, dana, lluvias, parque nacional, parques nacionales, reserva natural, energía renovable, energías renovables, reciclaje',
    world:
      'guerra*, conflicto*, alto el fuego, tregua, invasión, tropas, militar*, ejército*, misil*, bombardeo*, otan, ' +
      'naciones unidas, onu, embajada*, embajador*, diplomátic*, canciller*, cumbre*, tratado*, sanciones, refugiado*, ' +
      'humanitari*, gaza, ucrania, hamás',
  },
  pt: {
    politics:
      'eleiç*, eleitor*, votaç*, parlament*, senad*, congress*, deputad*, ministr*, president*, govern*, polític*, ' +
      'socialista*, oposição, campanha, prefeit*, governador*, planalto, legislat*, câmara dos deputados, constituição, constitucional',
    business:
      'econom*, mercado*, bolsa*, ações, acionista*, investidor*, investiment*, lucro*, receita*, inflação, juros, selic, ' +
      'banco central, banco mundial, pib, recessão, comércio, tarifa*, exporta*, importa*, empresa*, companhia*, fusão, aquisição, banc*, ' +
      'financeir*, finanças, orçamento*, impost*, petróleo, dólar*, moeda*, câmbio, bitcoin, cripto*, emprego*, ' +
      'desemprego, dívida*, ibovespa, acordo comercial, déficit',
    technology:
      'tecnolog*, software, aplicativo*, app, smartphone*, celular*, iphone, android, google, apple, microsoft, ' +
      'inteligência artificial, ia, algoritmo*, chip*, semicondutor*, computador*, internet, ciberataque*, ' +
      'cibersegurança, hacker*, nuvem, startup*, robô*, 5g, redes sociais, videogame*, carro elétrico, carros elétricos, fibra óptica, data center, plataforma digital',
    science:
      'ciênci*, cientist*, pesquisador*, pesquisa*, físic*, químic*, biolog*, astronom*, nasa, espaço, espacial*, ' +
      'foguete*, satélite*, telescópio*, planeta*, marte, lua, órbita, asteroide*, galáxia*, universo, fóssil*, fósseis, ' +
      'dinossauro*, arqueolog*, espécie*, genoma, dna, evolução, quântic*, partícula*, laboratório*, experiment*, descobert*',
    health:
      'saúde, sanitári*, hospita*, médic*, enfermeir*, paciente*, doença*, vírus, vacin*, covid*, coronavírus, ' +
      'pandemia*, epidemia*, surto*, câncer, cancro, diabetes, infarto*, avc, medicament*, fármaco*, ' +
      'tratamento*, terapia*, cirurgi*, infecç*, gripe, sarampo, saúde mental, obesidade, nutrição, dieta*, oms, ' +
      'farmacêutic*, sintoma*, demência, alzheimer, anvisa, dengue, clínica*',
    sport:
      'esport*, desport*, futebol*, futebolista*, gol, gols, golos, atacante*, treinador*, campeonato*, campeão, ' +
      'campeões, torneio*, copa*, liga, ligas, brasileirão, libertadores, seleção, tênis, golfe, ciclismo, basquete*, nba, ' +
      'fórmula 1, f1, grande prêmio, olímpic*, atleta*, maratona*, boxe, estádio*, fifa, uefa, medalha*, jogador*, ' +
      'flamengo, corinthians, palmeiras, benfica, torcida*, torcedor*, clube*, transferência*',
    entertainment:
      'cinema, filme*, bilheteria, bilheteira, ator, atores, atriz, hollywood, óscar, música, músic*, cantor*, ' +
      'canção, canções, álbum, álbuns, show, shows, turnê, rapper*, famos*, celebridade*, netflix, disney, série*, ' +
      'novela*, televisão, globo, bbb, big brother, festival*, estreia*, trailer, teatro*, humorista*, reality, carnaval, premiação, cerimônia de premiação, banda, disco, musical',
    society:
      'educação, escola*, colégio*, estudante*, aluno*, professor*, universidade*, religi*, igreja*, mesquita*, papa, ' +
      'imigra*, migrante*, protesto*, manifestaç*, greve*, trabalhadores, aposentad*, previdência, pobreza, moradia*, ' +
      'habitação, aluguel*, família*, criança*, mulher*, mulheres, igualdade, gênero, discriminação, racismo, ' +
      'lgbt*, casamento*, aborto*, população, idosos, jovens, comunidade*, voluntári*, solidari*, social*, acidente*, moradores, vizinhos, centro comunitário, transporte público',
    crime:
      'crime*, criminos*, delito*, polícia*, policial*, preso, presos, prisão, detido*, suspeit*, assassinato*, ' +
      'assassin*, homicídio*, feminicídio*, tiroteio*, esfaque*, roubo*, ladrão, ladrões, furto*, fraude*, contrabando, ' +
      'tráfico, traficante*, narcotráfico, facção, cartel*, quadrilha*, cadeia, presídio*, condena*, culpado, ' +
      'julgamento*, tribunal*, promotor*, ministério público, estupro*, agressão*, sequestr*, corrupção, propina*, ' +
      'lavagem de dinheiro, polícia federal, juiz, juíza, juízes, testemunha*, investigador*, delegado*, inquérito*',
    environment:
      'clima, climátic*, mudança climática, mudanças climáticas, aquecimento global, meio ambiente, ambiental*, emissões, ' +
      'carbono, co2, estufa, polui*, renovável*, renováveis, solar, eólic*, combustíveis fósseis, carvão, desmatamento*, ' +
      'floresta*, amazônia, queimada*, incêndio*, seca*, enchente*, inundaç*, onda de calor, furacão*, tufão*, ' +
      'ciclone*, tempestade*, terremoto*, sismo*, tsunami*, vulcão*, biodiversidade, fauna, extinção, plástico*, recicla*, ' +
      'oceano*, geleira*, glaciar*, nível do mar, greenpeace, sustentáv*, chuva*, parque nacional, reciclagem, energia renovável, energias renováveis',
    world:
      'guerra*, conflito*, cessar-fogo, trégua, invasão, tropas, militar*, exército*, míssil*, mísseis, bombardeio*, otan, ' +
      'nações unidas, onu, embaixada*, embaixador*, diplomát*, chanceler*, cúpula*, tratado*, sanções, refugiado*, ' +
      'humanitári*, gaza, ucrânia, hamas',
  },
  fr: {
    politics:
      'élection*, électora*, scrutin*, parlement*, sénat*, assemblée nationale, député*, ministr*, présiden*, gouvern*, ' +
      'politiq*, socialiste*, parti, partis, opposition, campagne, maire*, élysée, matignon, coalition, référendum, législati*, constitution*, constitutionnel*',
    business:
      "économi*, marché*, bourse*, actionnaire*, investiss*, bénéfice*, chiffre d'affaires, inflation, taux d'intérêt, " +
      'banque centrale, bce, pib, récession, commerce, droits de douane, export*, entreprise*, fusion*, ' +
      'acquisition*, banqu*, financ*, budget*, impôt*, pétrole, dollar*, euro, euros, monnaie*, devise*, bitcoin, crypto*, ' +
      'emploi*, chômage, dette*, cac, importation*, déficit*, accord commercial',
    technology:
      'technolog*, logiciel*, application*, appli, smartphone*, iphone, android, google, apple, microsoft, ' +
      'intelligence artificielle, ia, algorithme*, puce*, semi-conducteur*, ordinateur*, internet, cyberattaque*, ' +
      'cybersécurité, pirate*, hacker*, cloud, start-up*, startup*, robot*, 5g, réseaux sociaux, jeu vidéo, jeux vidéo, ' +
      'console*, numérique, fibre optique, voiture électrique, voitures électriques, plateforme*, centre de données, centres de données',
    science:
      'scien*, chercheu*, recherche*, physiq*, chimi*, biolog*, astronom*, nasa, espace, spatia*, fusée*, satellite*, ' +
      'télescope*, planète*, lune, orbite*, astéroïde*, galaxie*, univers, fossile*, dinosaure*, archéolog*, espèce*, ' +
      'génome, adn, évolution, quantique*, particule*, laboratoire*, expérience*, découverte*, cnrs',
    health:
      'santé, sanitaire*, hôpita*, médec*, médical*, infirmi*, patient*, maladie*, virus, vaccin*, covid*, coronavirus, ' +
      'pandémie*, épidémie*, cancer*, diabète, infarctus, avc, médicament*, traitement*, thérapi*, chirurg*, infection*, ' +
      'grippe, rougeole, santé mentale, obésité, nutrition, régime, oms, pharmaceuti*, symptôme*, démence, alzheimer, clinique*, ministère de la santé',
    sport:
      'sport*, football*, footballeur*, foot, match, attaquant*, entraîneur*, sélectionneur*, ligue*, champion*, ' +
      'championnat*, tournoi*, coupe du monde, ligue des champions, psg, tennis, roland-garros, golf, cyclisme, ' +
      'tour de france, basket*, nba, rugby, formule 1, f1, grand prix, olympi*, athlète*, marathon*, boxe, stade*, fifa, ' +
      'uefa, médaille*, joueur*, joueuse*, supporter*, mercato, finale, gardien de but, gardiens de but, équipe de france, bleus',
    entertainment:
      'cinéma*, film*, box-office, acteur*, actrice*, hollywood, oscar*, cannes, musique*, musicien*, chanteu*, chanson*, ' +
      'album*, concert*, tournée*, rappeu*, célébrité*, people, netflix, disney, série*, télévision, téléréalité, ' +
      'festival*, avant-première, bande-annonce, roman*, théâtre*, humoriste*, comédie musicale, gala*, cérémonie*',
    society:
      'éducation, école*, collège*, lycée*, étudiant*, élève*, enseignant*, professeur*, université*, religi*, église*, ' +
      'mosquée*, pape, immigr*, migrant*, manifestation*, manifestant*, grève*, syndicat*, salariés, retraite*, ' +
      'pauvreté, sans-abri, logement*, loyer*, famille*, enfant*, femme*, égalité, discrimination*, racisme, lgbt*, ' +
      'mariage*, avortement, ivg, population, jeunes, communauté*, bénévole*, social*, accident*, habitants, riverains, transports en commun, centre communautaire',
    crime:
      'crime*, criminel*, délit*, délinqu*, police, policier*, gendarme*, interpell*, arrest*, garde à vue, suspect*, ' +
      'meurtre*, assassinat*, homicide*, féminicide*, fusillade*, poignard*, cambriol*, voleur*, fraude*, escroquer*, ' +
      'arnaque*, contrebande, trafic*, narcotrafic*, cartel*, gang*, prison*, détenu*, condamn*, coupable, procès, ' +
      'tribunal*, procureur*, parquet, mis en examen, viol, agression*, enlèvement*, séquestr*, corruption, pot-de-vin, ' +
      'blanchiment*, juge*, témoin*, enquêteu*, enquête*',
    environment:
      'climat*, réchauffement climatique, environnement*, environnemental*, émissions, carbone, co2, ' +
      'gaz à effet de serre, pollu*, renouvelable*, solaire, éolien*, énergies fossiles, charbon, déforestation, forêt*, ' +
      'incendie*, feux de forêt, sécheresse*, inondation*, crue, crues, canicule*, ouragan*, typhon*, cyclone*, tempête*, ' +
      'séisme*, tremblement de terre, tsunami*, volcan*, météo, biodiversité, faune, extinction, plastique*, recycl*, ' +
      'océan*, glacier*, niveau de la mer, greenpeace, durable*, parc national, parcs nationaux, recyclage, énergie renouvelable, énergies renouvelables',
    world:
      'guerre*, conflit*, cessez-le-feu, trêve, invasion, troupes, militaire*, armée*, missile*, frappe*, ' +
      'bombardement*, otan, nations unies, onu, ambassade*, ambassadeur*, diplomat*, ' +
      'ministre des affaires étrangères, sommet*, traité*, sanctions, réfugié*, humanitaire*, gaza, ukraine, hamas',
  },
  de: {
    politics:
      'wahl, wahlen, wahlkampf*, wähler*, abstimm*, parlament*, bundestag*, bundesrat*, landtag*, abgeordnet*, ' +
      'minister*, kanzler*, präsident*, regierung*, politik*, politisch*, partei*, sozialdemokrat*, spd, opposition, koalition*, bürgermeister*, ' +
      'volksabstimmung, verfassung*, bundesregierung*, bundeskanzler*, bundesminister*',
    business:
      'wirtschaft*, konjunktur*, markt, märkte, börse*, aktie*, aktionär*, anleger*, investor*, investition*, gewinn*, ' +
      'umsatz*, inflation*, zins*, leitzins*, zentralbank*, ezb, bip, rezession*, handel, handelsstreit*, handelskrieg*, handelsabkommen*, außenhandel*, zoll, zölle*, export*, import*, ' +
      'unternehmen*, konzern*, firma, firmen, fusion*, übernahme*, bank*, finanz*, haushalt*, steuer*, ölpreis*, dollar*, ' +
      'euro, euros, währung*, bitcoin*, krypto*, arbeitsmarkt*, arbeitslos*, schulden*, dax, quartal*, defizit*',
    technology:
      'technolog*, technik*, software, app, apps, smartphone*, handy*, iphone, android, google, apple, microsoft, ' +
      'künstliche intelligenz, ki, algorithm*, chip*, halbleiter*, computer*, rechner, internet, cyber*, hacker*, cloud, ' +
      'start-up*, startup*, roboter*, 5g, soziale medien, soziale netzwerke, videospiel*, konsole*, digital*, online-plattform*, plattform*, glasfaser*, elektroauto*, e-auto*, rechenzentr*',
    science:
      'wissenschaft*, forscher*, forschung*, studie*, physik*, chemie*, chemik*, biolog*, astronom*, nasa, weltraum*, ' +
      'raumfahrt*, satellit*, teleskop*, planet*, mars, mond, umlaufbahn, asteroid*, galaxie*, universum, fossil*, ' +
      'dinosaurier*, archäolog*, genom*, dna, evolution, quanten*, teilchen*, labor, experiment*, entdeck*',
    health:
      'gesundheit*, krankenhaus*, klinik*, arzt, ärzt*, pflege*, patient*, krankheit*, erkrank*, virus, viren, impf*, ' +
      'covid*, corona*, pandemie*, epidemie*, ausbruch, krebs*, diabetes, herzinfarkt*, schlaganfall*, medikament*, ' +
      'arznei*, behandlung*, therapie*, chirurg*, infektion*, grippe*, masern, psychisch*, übergewicht, adipositas, ' +
      'ernährung*, diät*, weltgesundheitsorganisation, pharma*, symptom*, demenz*, alzheimer*',
    sport:
      'sport*, fußball*, fussball*, tor, tore, stürmer*, trainer*, bundesliga*, liga*, meister*, turnier*, ' +
      'weltmeister*, champions league, wm, em, bayern, bvb, dfb, tennis, golf, radsport*, tour de france, basketball, ' +
      'nba, handball*, eishockey, formel 1, f1, olympi*, athlet*, marathon*, boxen, boxer*, stadion*, fifa, uefa, ' +
      'medaille*, spieler*, pokal*, achtelfinal*, viertelfinal*, halbfinal*, finale, skisprung*, skispring*, ' +
      'torwart*, mannschaft*, verein*, saison*, fankurve*, fans, transfer*, saisonauftakt*, nationalmannschaft*',
    entertainment:
      'kino*, film*, schauspieler*, regisseur*, hollywood, oscar*, berlinale, musik*, musiker*, sänger*, song*, album*, ' +
      'konzert*, tournee*, rapper*, promi*, netflix, disney, serie*, fernseh*, tv, tatort, dschungelcamp, festival*, ' +
      'premiere*, trailer, roman*, theater*, komiker*, band, musical*, preisverleihung*, kinokasse*',
    society:
      'bildung*, schule*, schüler*, lehrer*, student*, universität*, hochschul*, religi*, kirche*, moschee*, papst*, ' +
      'migration*, migrant*, einwander*, zuwander*, flüchtling*, protest*, demonstration*, demonstrant*, streik*, ' +
      'gewerkschaft*, arbeitnehmer*, rente, renten, rentenversicherung*, rentner*, armut, obdachlos*, wohnung*, miete*, familie*, kinder*, kind, ' +
      'frauen, gleichberechtigung, gleichstellung, diskriminierung*, rassismus, lgbt*, ehepaar*, eheschließung*, hochzeit*, abtreibung*, ' +
      'bevölkerung*, senioren, jugend*, gemeinde*, ehrenamt*, sozial*, unfall*, unfälle, verkehr*, anwohner*, nahverkehr*, öpnv, bewohner*, kulturzentrum*',
    crime:
      'kriminal*, verbrechen*, straftat*, täter*, polizei*, polizist*, festgenommen, festnahme*, verhaftet, ' +
      'verdächtig*, mord*, morde, ermord*, tötung*, totschlag, schüsse, schütze, messer*, raub*, räuber*, diebstahl*, ' +
      'dieb*, einbruch*, einbrecher*, betrug*, betrüger*, schmuggel*, drogenhandel, gefängnis*, haft*, häftling*, ' +
      'verurteilt*, urteil*, schuldig, prozess*, gericht, gerichts, gerichte, gerichtshof*, staatsanwalt*, anklage*, vergewaltig*, entführ*, korruption*, ' +
      'bestechung*, geldwäsche*, ermittl*, tatverdächtig*, richter*, zeuge*, zeugin*, kommissar*',
    environment:
      'klima*, klimawandel, erderwärmung, umwelt*, emission*, co2, kohlendioxid, treibhaus*, verschmutz*, erneuerbar*, ' +
      'solar*, windkraft*, windenergie, fossile, kohle*, abholzung, wald*, waldbrand*, waldbrände, dürre*, hochwasser*, ' +
      'überschwemm*, flut*, hitzewelle*, hurrikan*, taifun*, zyklon*, sturm*, unwetter*, erdbeben*, tsunami*, vulkan*, ' +
      'wetter*, biodiversität, artenschutz, artensterben, aussterben, plastik*, recycling, ozean*, gletscher*, ' +
      'meeresspiegel*, greenpeace, nachhaltig*, energiewende, luftverschmutzung*, nationalpark*, naturschutz*',
    world:
      'krieg*, konflikt*, waffenruhe, waffenstillstand, invasion, truppen, militär*, armee*, rakete*, luftangriff*, nato, ' +
      'vereinte nationen, uno, un-sicherheitsrat, botschafter*, diplomat*, außenminister*, gipfel*, sanktion*, ' +
      'humanitär*, gaza, ukraine, hamas',
  },
  it: {
    politics:
      'elezion*, elettoral*, votazion*, parlament*, senato*, camera dei deputati, deputat*, ministr*, president*, ' +
      'govern*, politic*, socialist*, partito*, opposizione, campagna elettorale, sindaco*, coalizione, referendum, palazzo chigi, ' +
      'quirinale, costituzion*, premier',
    business:
      'economi*, mercat*, borsa*, azionist*, investitor*, investiment*, profitti, ricavi, fatturato, ' +
      'inflazione, tassi, banca centrale, bce, pil, recessione, commercio, dazi*, esport*, importazion*, aziend*, impresa, imprese, imprenditor*, ' +
      'fusione, acquisizione, banc*, finanz*, bilancio, tasse, fisco, petrolio, dollar*, euro, valuta, valute, bitcoin, cripto*, ' +
      'occupazione, disoccupazione, debito*, spread, ftse mib, deficit, accordo commerciale',
    technology:
      'tecnolog*, software, app, applicazion*, smartphone*, iphone, android, google, apple, microsoft, ' +
      'intelligenza artificiale, ia, algoritm*, chip, semicondutt*, computer, internet, informatic*, cyber*, hacker*, ' +
      'cloud, startup*, robot*, 5g, social network, videogioc*, console, digitale, data center, fibra ottica, auto elettrica, auto elettriche, piattaform*',
    science:
      'scien*, ricercator*, ricerca*, fisic*, chimic*, biolog*, astronom*, nasa, spazio, spazial*, razzo, razzi, ' +
      'satellit*, telescopi*, pianet*, marte, luna, orbita*, asteroid*, galassi*, universo, fossil*, dinosaur*, ' +
      'archeolog*, specie, genoma, dna, evoluzione, quantistic*, particell*, laboratori*, esperiment*, scopert*',
    health:
      'salute, sanitari*, ospedal*, medic*, infermier*, pazient*, malatti*, virus, vaccin*, covid*, coronavirus, ' +
      'pandemi*, epidemi*, focolai*, cancro, tumor*, diabete, infarto, ictus, farmac*, terapi*, chirurg*, infezion*, ' +
      'influenza, morbillo, salute mentale, obesità, nutrizion*, dieta, oms, sintom*, demenza, alzheimer, asl, clinica, ministero della salute',
    sport:
      'sport*, calcio*, calciat*, partita*, gol, attaccant*, allenator*, serie a, campionat*, campion*, torneo*, ' +
      "mondial*, coppa*, champions league, juventus, juve, inter, tennis, golf, ciclismo, giro d'italia, basket, nba, " +
      'formula 1, f1, gran premio, olimpi*, atlet*, maratona, pugilato, boxe, stadio*, fifa, uefa, medaglia*, giocator*, nazionale, tifosi, calciomercato, finale',
    entertainment:
      'cinema*, film*, attor*, attric*, regista, registi, hollywood, oscar*, sanremo, musica*, music*, cantant*, canzon*, album*, ' +
      'concert*, tour, rapper*, vip, celebrit*, netflix, disney, serie*, televisione, tv, reality, festival*, anteprima, ' +
      'trailer, romanz*, teatro*, comico*, band, botteghino, musical, premiazione',
    society:
      'istruzione, scuol*, student*, insegnant*, professor*, universit*, religi*, chiesa*, moschea*, papa, pontefice, ' +
      'immigra*, migrant*, protest*, manifestazion*, sciopero*, sindacat*, lavorator*, pension*, povertà, senzatetto, ' +
      'affitt*, famigli*, bambin*, donne, donna, parità, discriminazion*, razzismo, lgbt*, matrimoni*, aborto, ' +
      'popolazione, anziani, giovani, comunità, volontari*, social*, incident*, residenti, abitanti, trasporto pubblico, centro comunitario, centro civico, comune',
    crime:
      'crimin*, reato*, reati, delitt*, delinqu*, polizia*, carabinieri, arrest*, fermat*, sospett*, omicidio*, omicidi, ' +
      'assassin*, femminicidio*, sparatoria*, accoltell*, rapina*, furto*, furti, ladr*, truffa*, frode*, contrabbando, ' +
      "spaccio*, narcotraffic*, mafia*, camorra, 'ndrangheta, cosca*, carcere*, detenut*, condann*, colpevole, " +
      'processo*, tribunale*, procura*, stupro*, violenza sessuale, aggression*, rapiment*, sequestr*, corruzione, ' +
      'tangent*, riciclaggio*, inquirent*, giudice, giudici, testimon*, indagin*',
    environment:
      'clima*, climatic*, cambiamento climatico, cambiamenti climatici, riscaldamento globale, ambiente, ambiental*, ' +
      'emission*, carbonio, co2, inquinament*, rinnovabil*, solare, eolic*, combustibili fossili, carbone, ' +
      'deforestazione, foresta*, bosc*, incendi*, siccità, alluvion*, inondazion*, ondata di calore, uragano*, tifone*, ' +
      'ciclone*, tempesta*, maltempo, terremoto*, sisma, tsunami, vulcan*, meteo, biodiversità, fauna, estinzione, ' +
      'plastica*, riciclo*, oceano*, ghiacciai*, livello del mare, greenpeace, sostenibil*, parco nazionale, energia rinnovabile, energie rinnovabili',
    world:
      'guerra*, conflitt*, cessate il fuoco, tregua, invasione, truppe, militar*, esercit*, missil*, raid, ' +
      'bombardament*, nato, nazioni unite, onu, ambasciat*, diplomat*, ministro degli esteri, vertice*, trattat*, ' +
      'sanzioni, rifugiat*, profughi, umanitari*, gaza, ucraina, hamas',
  },
  nl: {
    politics:
      'verkiezing*, kiezer*, parlement*, tweede kamer, kamerled*, minister*, premier, president*, regering*, kabinet*, ' +
      'politiek*, partij*, oppositie, coalitie*, burgemeester*, referendum, grondwet*',
    business:
      'economi*, markt*, beurs*, aandel*, belegger*, investeer*, investering*, winst*, omzet*, inflatie, rente*, ' +
      'centrale bank, ecb, bbp, recessie, handel, handelsoorlog*, handelsakkoord*, import*, export*, bedrijf*, onderneming*, fusie*, overname*, bank*, ' +
      'financ*, begroting*, belasting*, olieprijs*, dollar*, euro, valuta*, bitcoin, crypto*, werkloos*, schulden, staatsschuld*, aex, tekort*',
    technology:
      'technolog*, techniek*, software, app, apps, smartphone*, iphone, android, google, apple, microsoft, ' +
      'kunstmatige intelligentie, ai, algoritme*, chip*, halfgeleider*, computer*, internet, cyber*, hacker*, cloud, ' +
      'startup*, robot*, 5g, sociale media, videogame*, game*, digitale, glasvezel*, elektrische auto*, datacenter*, platform*',
    science:
      'wetenschap*, onderzoeker*, onderzoek*, natuurkund*, scheikund*, biolog*, astronom*, nasa, ruimtevaart*, raket*, ' +
      'satelliet*, telescoop*, planeet*, planeten, mars, maan, asteroïde*, heelal, universum, fossiel*, dinosaur*, ' +
      'archeolog*, genoom, dna, evolutie, kwantum*, deeltje*, laboratorium*, experiment*, ontdek*',
    health:
      'gezondheid*, ziekenhuis*, ziekenhuizen, arts, artsen, dokter*, verpleeg*, patiënt*, ziekte*, virus, vaccin*, ' +
      'covid*, corona*, pandemie*, epidemie*, uitbraak, kanker*, diabetes, hartaanval*, beroerte*, medicijn*, ' +
      'geneesmiddel*, behandeling*, therapie*, chirurg*, infectie*, griep, mazelen, mentale gezondheid, obesitas, ' +
      'overgewicht, voeding*, dieet*, rivm, farmac*, symptom*, dementie, alzheimer',
    sport:
      'sport*, voetbal*, wedstrijd*, doelpunt*, trainer*, coach*, eredivisie, competitie*, kampioen*, toernooi*, wk, ek, ' +
      'champions league, ajax, psv, feyenoord, tennis, golf, wielren*, tour de france, basketbal, nba, schaats*, ' +
      'formule 1, f1, verstappen, olympi*, atleet*, atleten, marathon*, boksen, stadion*, fifa, uefa, knvb, medaille*, speler*, supporters, finale, transfer*',
    entertainment:
      'bioscoop*, film*, acteur*, actrice*, regisseur*, hollywood, oscar*, muziek*, muzikant*, zanger*, zangeres*, ' +
      'album*, concert*, tournee*, rapper*, celebrit*, netflix, disney, serie*, televisie*, tv, festival*, première*, ' +
      'trailer, roman*, theater*, cabaretier*, songfestival*, band, musical*',
    society:
      'onderwijs*, school*, scholier*, leerling*, leraar*, leraren, docent*, student*, universiteit*, religi*, kerk*, ' +
      'moskee*, paus, immigra*, migrant*, asielzoeker*, protest*, demonstratie*, staking*, vakbond*, werknemer*, ' +
      'pensioen*, armoede, dakloos*, daklozen, woning*, huur*, gezin*, famili*, kinderen, kind, vrouwen, gelijkheid, ' +
      'discriminatie*, racisme, lhbti*, lgbt*, huwelijk*, abortus, bevolking*, ouderen, jongeren, gemeenschap*, ' +
      'vrijwilliger*, sociale, ongeluk*, ongeval*, verkeer*, bewoners, buurtbewoners, openbaar vervoer, buurthuis*',
    crime:
      'misdaad*, misdrijf*, crimineel*, criminaliteit, politie*, aangehouden, arrestatie*, gearresteerd, verdacht*, ' +
      'moord*, doodslag, schietpartij*, steekpartij*, overval*, diefstal*, dief, dieven, inbraak*, inbreker*, fraude*, ' +
      'oplichting*, oplichter*, smokkel*, drugshandel*, drugs, gevangenis*, gedetineerd*, veroordeeld*, veroordeling*, ' +
      'schuldig, rechtszaak*, rechtbank*, rechter*, officier van justitie, verkrachting*, mishandeling*, ontvoering*, ' +
      'corruptie, omkoping*, witwassen, rechercheur*, getuige*',
    environment:
      'klimaat*, klimaatverandering, opwarming, milieu*, uitstoot, emissie*, co2, broeikas*, vervuil*, hernieuwbar*, ' +
      'zonne-energie, zonnepanelen, windmolen*, windenergie, fossiele, steenkool, ontbossing, bos, bossen, bosbrand*, ' +
      'droogte*, overstroming*, hittegolf*, orkaan*, tyfoon*, cycloon*, storm*, noodweer, aardbeving*, tsunami, ' +
      'vulkaan*, weerbericht*, knmi, biodiversiteit, uitsterven, plastic*, recycl*, oceaan*, gletsjer*, zeespiegel*, ' +
      'greenpeace, duurzaam*, duurzaamheid, stikstof*, nationaal park, luchtvervuiling',
    world:
      'oorlog*, conflict*, staakt-het-vuren, wapenstilstand, invasie, troepen, militair*, leger*, luchtaanval*, ' +
      'bombardement*, navo, verenigde naties, vn, ambassade*, ambassadeur*, diplomat*, ' +
      'minister van buitenlandse zaken, topoverleg, verdrag*, sancties, vluchteling*, humanitair*, gaza, oekraïne, hamas',
  },
  ru: {
    politics:
      'выбор*, голосован*, избират*, парламент*, дума, думы, госдум*, сенат*, депутат*, министр*, президент*, ' +
      'правительств*, политик*, политическ*, парти*, оппозиц*, кремл*, губернатор*, мэр*, референдум*, коалиц*, ' +
      'законопроект*, конституц*',
    business:
      'экономик*, экономическ*, рынок, рынк*, бирж*, акци*, акционер*, инвест*, прибыл*, выручк*, инфляц*, ставк*, ' +
      'центробанк*, цб, ввп, рецесс*, торгов*, пошлин*, экспорт*, импорт*, компани*, корпорац*, слиян*, поглощен*, ' +
      'банк*, финанс*, бюджет*, налог*, нефт*, доллар*, евро, валют*, рубл*, биткоин*, биткойн*, крипто*, безработ*, долг, долга, долги, долгов, задолженност*, дефицит*, торговое соглашение',
    technology:
      'технолог*, софт*, приложени*, смартфон*, айфон*, iphone, android, google, apple, microsoft, ' +
      'искусственный интеллект, искусственного интеллекта, ии, нейросет*, алгоритм*, чип*, полупроводник*, компьютер*, ' +
      'интернет*, кибер*, хакер*, облачн*, стартап*, робот*, 5g, соцсет*, видеоигр*, гаджет*, онлайн-платформ*, платформ*, оптоволок*, электромобил*, дата-центр*',
    science:
      'наук*, научн*, учёный, учёные, ученые, учёных, ученых, исследован*, физик*, хими*, биолог*, астроном*, наса, ' +
      'космос*, космическ*, спутник*, телескоп*, планет*, марс*, луна, луны, орбит*, астероид*, галактик*, вселенн*, ' +
      'окаменел*, динозавр*, археолог*, геном*, днк, эволюц*, квантов*, частиц*, лаборатор*, эксперимент*, роскосмос*',
    health:
      'здоровь*, здравоохран*, больниц*, врач*, медсестр*, пациент*, болезн*, заболева*, вирус*, вакцин*, прививк*, ' +
      'ковид*, covid*, коронавирус*, пандеми*, эпидеми*, вспышк*, рак, онколог*, диабет*, инфаркт*, инсульт*, ' +
      'лекарств*, препарат*, лечени*, терапи*, хирург*, инфекц*, грипп*, корь, психическ*, ожирени*, питани*, диет*, ' +
      'воз, минздрав*, фарм*, симптом*, деменц*, альцгеймер*, клиник*',
    sport:
      'спорт*, футбол*, матч*, гол, голы, нападающ*, тренер*, лига, лиги, лигу, чемпион*, турнир*, кубок*, рпл, зенит*, ' +
      'спартак*, цска, теннис*, гольф, велоспорт*, баскетбол*, нба, хоккей*, кхл, нхл, формула-1, формула 1, олимпи*, ' +
      'атлет*, марафон*, бокс*, стадион*, фифа, уефа, медал*, игрок*, сборн*, финал*, болельщик*, трансфер*, премьер-лиг*',
    entertainment:
      'кино*, фильм*, кассов*, актер*, актёр*, актрис*, режиссер*, режиссёр*, голливуд*, оскар*, музык*, певец*, ' +
      'певиц*, песн*, альбом*, концерт*, гастрол*, рэпер*, знаменитост*, звезд*, netflix, сериал*, телевиден*, шоу, ' +
      'фестивал*, премьера, премьеры, премьеру, роман*, театр*, комик*, юморист*, эстрад*, мюзикл*',
    society:
      'образован*, школ*, студент*, учител*, преподават*, университет*, вуз*, религи*, церк*, церков*, мечет*, ' +
      'патриарх*, папа римский, мигрант*, иммигра*, протест*, митинг*, забастовк*, профсоюз*, работник*, пенси*, ' +
      'бедност*, бездомн*, жиль*, жилищ*, аренд*, семья, семьи, семей, дети, детей, детям, ребенок, ребёнок, женщин*, ' +
      'равенств*, дискриминац*, расизм*, лгбт*, брак*, аборт*, населени*, пожил*, молодеж*, молодёж*, сообществ*, ' +
      'волонтер*, волонтёр*, социальн*, дтп, авари*, обществ*, транспорт*, жител*, культурный центр, культурного центра, городск*',
    crime:
      'преступ*, криминал*, полици*, полицейск*, мвд, задержан*, арест*, подозрева*, убийств*, стрельб*, ножев*, ' +
      'ограблен*, грабител*, краж*, вор, воры, мошеннич*, мошенник*, контрабанд*, наркотик*, наркоторгов*, картел*, ' +
      'банд*, тюрьм*, тюрем*, заключенн*, заключённ*, приговор*, осужд*, виновн*, суд, суда, суде, судом, судебн*, ' +
      'прокурор*, прокуратур*, следствен*, изнасилов*, похищен*, коррупц*, взятк*, отмыван*, следовател*, судья, судьи, свидетел*, следстви*',
    environment:
      'климат*, глобальное потепление, экологи*, окружающей среды, окружающая среда, выброс*, углерод*, co2, ' +
      'парников*, загрязнен*, возобновляем*, солнечн*, ветрян*, уголь, угля, вырубк*, лес, леса, лесов, лесн*, пожар*, ' +
      'засух*, наводнен*, паводк*, ураган*, тайфун*, циклон*, шторм*, землетрясен*, цунами, вулкан*, погод*, ' +
      'биоразнообраз*, вымиран*, пластик*, океан*, ледник*, уровень моря, гринпис, национальный парк, заповедник*, переработк*',
    world:
      'войн*, конфликт*, перемири*, вторжени*, войск*, военн*, арми*, ракет*, обстрел*, нато, оон, посольств*, посол, ' +
      'посла, дипломат*, мид, саммит*, договор*, санкци*, беженц*, гуманитарн*, газа, сектор газа, украин*, хамас',
  },
  ar: {
    politics:
      'انتخاب*, تصويت*, برلمان*, مجلس النواب, مجلس الشيوخ, وزير*, حكوم*, سياس*, حزب*, معارض*, استفتاء*, ائتلاف*, ' +
      'الكنيست, رئاسي*, رئاسة, دستور*, مجلس الشورى, شورى, رئيس الوزراء',
    business:
      'اقتصاد*, سوق*, أسواق, بورص*, أسهم, سهم, مستثمر*, استثمار*, أرباح, إيرادات, تضخم, فائدة, البنك المركزي, بنك*, ' +
      'مصرف*, ناتج محلي, ركود, تجار*, صادرات, واردات, رسوم جمركية, شرك*, اندماج, استحواذ, مالي*, ميزانية, ضرائب, ' +
      'ضريبة, نفط, دولار, يورو, عملة, عملات, بيتكوين, بتكوين, مشفرة, بطالة, ديون, عجز, اتفاق تجاري',
    technology:
      'تكنولوجيا, تقني*, برمج*, تطبيق*, هاتف ذكي, هواتف ذكية, آيفون, أندرويد, جوجل, غوغل, آبل, أبل, مايكروسوفت, ' +
      'ذكاء اصطناعي, الذكاء الاصطناعي, خوارزمي*, رقائق, أشباه الموصلات, حاسوب, كمبيوتر, إنترنت, سيبراني*, قرصن*, ' +
      'هاكر*, سحابي*, ناشئة, روبوت*, الجيل الخامس, وسائل التواصل, ألعاب الفيديو, السيارات الكهربائية, سيارة كهربائية, الألياف الضوئية, مراكز البيانات, منصة*, الهاتف الذكي, الهواتف الذكية',
    science:
      'علماء, علمي*, باحث*, أبحاث, فيزياء, كيمياء, فلك*, ناسا, فضاء, فضائي*, قمر صناعي, أقمار صناعية, تلسكوب, ' +
      'كوكب*, المريخ, مدار, كويكب*, مجرة, الكون, أحفور*, ديناصور*, جينوم, الحمض النووي, كمومي*, مختبر*, اكتشاف*',
    health:
      'صحة, صحي, صحية, وزارة الصحة, مستشفى*, مستشفيات, طبيب*, أطباء, ممرض*, مريض*, مرضى, مرض, أمراض, فيروس*, ' +
      'لقاح*, تطعيم*, كوفيد*, كورونا, جائحة, وباء, تفشي, سرطان*, السكري, نوبة قلبية, سكتة, دواء, أدوية, علاج*, ' +
      'جراح*, عدوى, إنفلونزا, الحصبة, الصحة النفسية, السمنة, تغذية, منظمة الصحة العالمية, أعراض, الخرف, الزهايمر, عيادة*',
    sport:
      'رياضة, رياضي, رياضية, كرة القدم, مباراة, مباريات, هدف, أهداف, مهاجم*, مدرب*, الدوري, دوري, بطولة*, كأس, ' +
      'كأس العالم, المنتخب, منتخب, تنس, غولف, جولف, كرة السلة, فورمولا, أولمبي*, الأولمبية, ماراثون, ملاكمة, ملعب, ' +
      'فيفا, يويفا, ميدالية*, لاعب*, نادي*, الأهلي, الزمالك, انتقالات, نهائي, مشجع*',
    entertainment:
      'سينما*, فيلم*, أفلام, شباك التذاكر, ممثلة, مخرج*, هوليوود, بوليوود, أوسكار, موسيقى, موسيقي*, مطرب*, مغني*, ' +
      'أغنية*, أغاني, ألبوم*, حفل*, نجوم, نجمة, فنان*, الفن, نتفليكس, مسلسل*, تلفزيون*, مهرجان*, رواية*, مسرح*, ' +
      'كوميدي*, فرقة*',
    society:
      'تعليم*, مدرس*, مدارس, طلاب, معلم, معلمين, معلمون, جامع*, دين, ديني*, كنيسة, مسجد*, مساجد, البابا, هجرة, مهاجر*, احتجاج*, ' +
      'مظاهر*, إضراب*, نقاب*, عمال, معاش*, متقاعد*, فقر, مشرد*, سكن*, إسكان, إيجار*, أسرة*, عائلة*, أطفال, طفل*, ' +
      'المرأة, امرأة, نساء, مساواة, تمييز, عنصرية, زواج*, إجهاض, سكان, المسنين, شباب, مجتمع*, متطوع*, اجتماعي*, ' +
      'حادث*, مرور*, الأهالي, أهالي, النقل العام, مركز ثقافي',
    crime:
      'جريمة*, جرائم, إجرام*, شرطة, اعتقال*, اعتقل*, القبض, مشتبه*, قتل, مقتل*, جريمة قتل, إطلاق نار, طعن, سرقة*, ' +
      'سارق*, لصوص, احتيال*, نصب, تهريب*, مخدرات, عصابة*, سجن*, سجين*, سجناء, محكمة*, محاكمة*, النيابة, ' +
      'المدعي العام, اغتصاب*, اعتداء*, خطف*, اختطاف*, فساد, رشوة*, غسل الأموال, غسيل الأموال, القاضي, قاض, قضاة, شهود, محقق*, تحقيق*',
    environment:
      'المناخ, مناخ*, التغير المناخي, تغير المناخ, الاحتباس الحراري, البيئة, بيئ*, انبعاثات, كربون, تلوث, ملوث*, ' +
      'متجددة, الطاقة الشمسية, شمسية, الوقود الأحفوري, الفحم, غابات, حرائق, حريق*, جفاف, فيضان*, سيول, موجة حر, ' +
      'موجة حارة, إعصار*, أعاصير, عاصفة*, زلزال*, زلازل, تسونامي, بركان*, طقس, الأرصاد, التنوع البيولوجي, انقراض, ' +
      'بلاستيك*, تدوير, الأنهار الجليدية, مستوى سطح البحر, مستدام*, استدامة, محمية*, إعادة التدوير',
    world:
      'حرب, حروب, نزاع*, صراع*, وقف إطلاق النار, هدنة, غزو, قوات, عسكري*, جيش, صاروخ*, صواريخ, غارة*, غارات, قصف, ' +
      'الناتو, حلف شمال الأطلسي, الأمم المتحدة, مجلس الأمن, سفارة*, سفير*, دبلوماسي*, وزير الخارجية, خارجية, قمة, ' +
      'معاهدة*, عقوبات, لاجئ*, لاجئين, إنساني*, غزة, أوكرانيا, حماس, حوثي*, حزب الله',
  },
  hi: {
    politics:
      'चुनाव*, मतदान*, वोट*, संसद*, लोकसभा, राज्यसभा, विधानसभा*, सांसद*, मंत्री*, प्रधानमंत्री*, राष्ट्रपति*, सरकार*, ' +
      'राजनीति*, राजनीतिक*, पार्टी*, विपक्ष*, भाजपा, कांग्रेस*, मुख्यमंत्री*',
    business:
      'अर्थव्यवस्था*, आर्थिक, बाजार*, बाज़ार*, शेयर*, सेंसेक्स, निफ्टी, निवेश*, मुनाफ*, राजस्व, महंगाई, मुद्रास्फीति, ' +
      'ब्याज दर*, रिजर्व बैंक, आरबीआई, जीडीपी, मंदी, व्यापार*, निर्यात*, आयात*, कंपनी*, कंपनियों, बैंक*, वित्त*, ' +
      'वित्तीय, बजट*, टैक्स*, तेल, डॉलर*, रुपया*, रुपये*, मुद्रा*, बिटकॉइन*, क्रिप्टो*, बेरोजगारी, कर्ज*, तिमाही, आय',
    technology:
      'तकनीक*, टेक्नोलॉजी*, प्रौद्योगिकी, सॉफ्टवेयर, ऐप*, स्मार्टफोन*, मोबाइल*, आईफोन*, एंड्रॉयड, गूगल, एप्पल, ' +
      'माइक्रोसॉफ्ट, आर्टिफिशियल इंटेलिजेंस, एआई, चिप*, सेमीकंडक्टर*, कंप्यूटर*, इंटरनेट*, साइबर*, हैकर*, क्लाउड, ' +
      'स्टार्टअप*, रोबोट*, 5जी, सोशल मीडिया, गेमिंग',
    science:
      'विज्ञान*, वैज्ञानिक*, शोध*, अनुसंधान*, अध्ययन*, भौतिकी, रसायन*, जीवविज्ञान, खगोल*, नासा, इसरो, अंतरिक्ष*, ' +
      'रॉकेट*, उपग्रह*, सैटेलाइट*, दूरबीन, टेलीस्कोप, ग्रह*, चंद्रमा*, चांद, चंद्रयान*, क्षुद्रग्रह*, आकाशगंगा*, ' +
      'ब्रह्मांड*, जीवाश्म*, डायनासोर*, पुरातत्व*, प्रजाति*, जीनोम, डीएनए, क्वांटम, प्रयोगशाला*, प्रयोग*, खोज*',
    health:
      'स्वास्थ्य*, अस्पताल*, डॉक्टर*, चिकित्सक*, नर्स*, मरीज*, मरीज़*, रोगी*, बीमारी*, रोग*, वायरस*, टीका*, टीके, ' +
      'वैक्सीन*, कोविड*, कोरोना*, महामारी*, प्रकोप, कैंसर*, डायबिटीज*, मधुमेह, हार्ट अटैक, स्ट्रोक, दवा*, दवाओं, ' +
      'इलाज*, उपचार*, थेरेपी*, सर्जरी*, संक्रमण*, फ्लू, खसरा, मानसिक स्वास्थ्य, मोटापा*, पोषण*, डाइट*, ' +
      'डब्ल्यूएचओ, लक्षण*, डिमेंशिया, अल्जाइमर*, एम्स',
    sport:
      'खेल*, क्रिकेट*, फुटबॉल*, मैच*, गोल, टीम इंडिया, बल्लेबाज*, गेंदबाज*, विकेट*, शतक*, कोच*, लीग*, चैंपियन*, ' +
      'टूर्नामेंट*, विश्व कप, वर्ल्ड कप, आईपीएल, बीसीसीआई, टेनिस*, गोल्फ*, हॉकी*, बैडमिंटन*, कबड्डी*, ओलंपिक*, ' +
      'एथलीट*, मैराथन*, मुक्केबाज*, कुश्ती*, पहलवान*, स्टेडियम*, फीफा, पदक*, खिलाड़ी*',
    entertainment:
      'फिल्म*, फ़िल्म*, सिनेमा*, बॉक्स ऑफिस, अभिनेता*, अभिनेत्री*, एक्टर*, एक्ट्रेस*, निर्देशक*, हॉलीवुड*, बॉलीवुड*, ' +
      'ऑस्कर*, संगीत*, गायक*, गायिका*, गाना, गाने, गीत*, एल्बम*, कॉन्सर्ट*, सितारे, स्टार*, सेलिब्रिटी*, नेटफ्लिक्स, ' +
      'वेब सीरीज, सीरियल*, टीवी, शो, फेस्टिवल*, ट्रेलर*, उपन्यास*, रंगमंच, कॉमेडियन*, बिग बॉस, मनोरंजन*',
    society:
      'शिक्षा*, स्कूल*, विद्यालय*, छात्र*, शिक्षक*, विश्वविद्यालय*, यूनिवर्सिटी*, धर्म*, धार्मिक*, मंदिर*, मस्जिद*, ' +
      'चर्च*, प्रवासी*, विरोध प्रदर्शन, हड़ताल*, मजदूर*, कर्मचारी*, पेंशन*, गरीबी*, गरीब*, आवास*, किराया*, परिवार*, ' +
      'बच्चे*, बच्चों*, महिला*, महिलाओं*, समानता, भेदभाव*, विवाह*, शादी*, गर्भपात*, जनसंख्या*, आबादी*, बुजुर्ग*, ' +
      'युवा*, समुदाय*, समाज*, सामाजिक*, दुर्घटना*, हादसा*, हादसे*',
    crime:
      'अपराध*, पुलिस*, गिरफ्तार*, गिरफ़्तार*, हिरासत*, संदिग्ध*, आरोपी*, हत्या*, मर्डर*, गोलीबारी*, फायरिंग*, चाकू*, ' +
      'लूट*, डकैती*, चोरी*, चोर*, धोखाधड़ी*, ठगी*, घोटाला*, घोटाले*, तस्करी*, ड्रग्स*, नशीले, गिरोह*, गैंग*, जेल*, ' +
      'कैदी*, सजा*, सज़ा*, दोषी*, अदालत*, कोर्ट*, मुकदमा*, अभियोजन*, बलात्कार*, दुष्कर्म*, अपहरण*, भ्रष्टाचार*, ' +
      'रिश्वत*, मनी लॉन्ड्रिंग, सीबीआई, एफआईआर, आपराधिक, जांच*, जाँच*',
    environment:
      'जलवायु*, जलवायु परिवर्तन, ग्लोबल वार्मिंग, पर्यावरण*, उत्सर्जन*, कार्बन*, प्रदूषण*, वायु प्रदूषण, ' +
      'नवीकरणीय*, सौर*, पवन*, जीवाश्म ईंधन, कोयला*, कोयले, जंगल*, सूखा*, सूखे, बाढ़*, लू, गर्मी, चक्रवात*, ' +
      'तूफान*, तूफ़ान*, भूकंप*, सुनामी, ज्वालामुखी*, मौसम*, बारिश*, मानसून*, जैव विविधता, विलुप्त*, प्लास्टिक*, ' +
      'रीसाइक्लिंग, महासागर*, ग्लेशियर*, वायु गुणवत्ता, एक्यूआई, अक्षय ऊर्जा, पुनर्चक्रण*, राष्ट्रीय उद्यान',
    world:
      'युद्ध*, जंग, संघर्ष*, युद्धविराम*, संघर्ष विराम, आक्रमण*, सैनिक*, सेना*, सैन्य*, मिसाइल*, हवाई हमला, ' +
      'बमबारी*, नाटो, संयुक्त राष्ट्र, यूएन, दूतावास*, राजदूत*, राजनयिक*, विदेश मंत्री, विदेश मंत्रालय, ' +
      'शिखर सम्मेलन, संधि*, प्रतिबंध*, शरणार्थी*, मानवीय, गाजा, ग़ाज़ा, यूक्रेन, हमास',
  },
  zh: {
    politics:
      '选举, 选民, 投票, 议会, 国会, 人大, 政协, 总统, 总理, 首相, 部长, 政府, 政治, 政党, 反对党, 竞选, 国务院, 两会, ' +
      '立法, 議會, 選舉, 總統, 政黨, 省长, 市长, 宪法',
    business:
      '经济, 市场, 股市, 股票, 股价, 投资, 利润, 营收, 通胀, 通货膨胀, 利率, 央行, 人民银行, 美联储, gdp, 衰退, 贸易, 关税, ' +
      '出口, 进口, 公司, 企业, 并购, 收购, 银行, 金融, 财政, 预算, 税收, 石油, 油价, 美元, 人民币, 汇率, 比特币, 加密货币, ' +
      '就业, 失业, 债务, 經濟, 股價, 銀行, 赤字, 贸易协定',
    technology:
      '科技, 技术, 软件, 手机, 智能手机, 苹果, 谷歌, 微软, 华为, 人工智能, 算法, 芯片, 半导体, 电脑, 计算机, 互联网, ' +
      '网络安全, 黑客, 云计算, 机器人, 5g, 社交媒体, 电子游戏, 電腦, 網路, 軟體, 晶片, 人工智慧, ai, 光纤, 电动汽车, 新能源汽车, 数据中心',
    science:
      '科学, 科学家, 研究人员, 物理, 化学, 生物学, 天文, 航天, 太空, 宇宙, 火箭, 卫星, 望远镜, 行星, 火星, 月球, 轨道, ' +
      '小行星, 星系, 化石, 恐龙, 考古, 物种, 基因组, 基因, dna, 进化, 量子, 粒子, 实验室, 科學, 衛星',
    health:
      '健康, 卫生, 医院, 医生, 护士, 患者, 病人, 疾病, 病毒, 疫苗, 新冠, 冠状病毒, 疫情, 大流行, 流行病, 癌症, 糖尿病, ' +
      '心脏病, 中风, 药物, 药品, 治疗, 手术, 感染, 流感, 麻疹, 心理健康, 肥胖, 营养, 世卫, 世界卫生组织, 症状, 痴呆, ' +
      '阿尔茨海默, 醫院, 醫生, 衛生, 诊所, 卫生部',
    sport:
      '体育, 足球, 比赛, 进球, 前锋, 主教练, 教练, 联赛, 冠军, 锦标赛, 世界杯, 欧冠, 英超, 西甲, 中超, nba, 网球, 高尔夫, ' +
      '篮球, 排球, 乒乓球, 羽毛球, 奥运, 奥林匹克, 运动员, 马拉松, 拳击, 体育场, 国际足联, 奖牌, 金牌, 球员, 體育, 比賽, 球迷, 决赛, 转会',
    entertainment:
      '电影, 影片, 票房, 演员, 导演, 好莱坞, 宝莱坞, 奥斯卡, 金像奖, 音乐, 歌手, 歌曲, 专辑, 演唱会, 巡演, 说唱, 明星, ' +
      '艺人, 网飞, 迪士尼, 电视剧, 综艺, 电视, 电影节, 首映, 预告片, 小说, 话剧, 娱乐, 電影, 演員, 乐队, 音乐剧, 颁奖',
    society:
      '教育, 学校, 学生, 教师, 老师, 大学, 宗教, 教会, 教堂, 清真寺, 教皇, 移民, 抗议, 示威, 罢工, 工会, 工人, 养老金, ' +
      '退休, 贫困, 无家可归, 住房, 房租, 家庭, 儿童, 孩子, 妇女, 女性, 平等, 歧视, 种族主义, 婚姻, 结婚, 堕胎, 人口, ' +
      '老年人, 年轻人, 社区, 志愿者, 社会, 交通事故, 事故, 居民, 公共交通, 文化中心',
    crime:
      '犯罪, 罪犯, 警方, 警察, 公安, 逮捕, 拘留, 嫌疑人, 嫌犯, 谋杀, 凶杀, 杀人, 枪击, 持刀, 抢劫, 盗窃, 小偷, 诈骗, ' +
      '欺诈, 走私, 贩毒, 毒品, 黑帮, 团伙, 监狱, 囚犯, 判刑, 判处, 定罪, 有罪, 审判, 法院, 检察院, 检方, 强奸, 性侵, ' +
      '绑架, 腐败, 贪污, 受贿, 洗钱, 目击者, 证人, 侦探, 法官',
    environment:
      '气候, 气候变化, 全球变暖, 环境, 环保, 排放, 碳排放, 二氧化碳, 温室气体, 污染, 可再生能源, 太阳能, 风能, 风电, ' +
      '化石燃料, 煤炭, 森林, 山火, 野火, 干旱, 洪水, 洪灾, 热浪, 高温, 飓风, 台风, 气旋, 暴雨, 风暴, 地震, 海啸, 火山, ' +
      '天气, 气象, 生物多样性, 灭绝, 塑料, 回收, 海洋, 冰川, 海平面, 绿色和平, 可持续, 碳中和, 氣候, 環境, 颱風, 国家公园, 自然保护区',
    world:
      '战争, 冲突, 停火, 入侵, 军队, 军事, 导弹, 空袭, 轰炸, 北约, 联合国, 安理会, 大使馆, 大使, 外交, 外长, 外交部, ' +
      '峰会, 条约, 制裁, 难民, 人道主义, 加沙, 乌克兰, 哈马斯, 国际, 國際, 戰爭',
  },
  ja: {
    politics:
      '選挙, 投票, 国会, 議会, 衆院, 参院, 首相, 大臣, 政府, 政治, 政党, 与党, 野党, 内閣, 自民党, 大統領, 知事, 憲法',
    business:
      '経済, 市場, 株価, 株式, 投資, 利益, 売上, 決算, インフレ, 物価, 金利, 日銀, 中央銀行, gdp, 景気, 貿易, 関税, ' +
      '輸出, 輸入, 企業, 会社, 買収, 合併, 銀行, 金融, 財政, 予算, 税, 原油, 円安, 円高, 米ドル, ドル高, ドル安, ドル円, 為替, ビットコイン, ' +
      '暗号資産, 仮想通貨, 雇用, 失業, 債務, 日経平均, 貿易協定',
    technology:
      '技術, テクノロジー, ソフトウェア, アプリ, スマホ, スマートフォン, グーグル, アップル, マイクロソフト, 人工知能, ai, ' +
      'アルゴリズム, 半導体, チップ, パソコン, コンピューター, インターネット, サイバー, ハッカー, クラウド, スタートアップ, ' +
      'ロボット, 5g, sns, ゲーム, デジタル, 光ファイバー, 電気自動車, データセンター, プラットフォーム',
    science:
      '科学, 研究者, 研究チーム, 物理, 化学, 生物学, 天文, 宇宙, ロケット, 衛星, 望遠鏡, 惑星, 火星, 月面, 軌道, 小惑星, ' +
      '銀河, 化石, 恐竜, 考古学, 遺跡, 新種, ゲノム, 遺伝子, dna, 進化, 量子, 粒子, 実験, jaxa',
    health:
      '健康, 医療, 病院, 医師, 看護, 患者, 病気, 疾患, ウイルス, ワクチン, 新型コロナ, 感染症, 感染, パンデミック, がん, ' +
      '糖尿病, 心筋梗塞, 脳卒中, 治療, 手術, インフルエンザ, はしか, メンタルヘルス, 肥満, 栄養, 世界保健機関, 症状, ' +
      '認知症, アルツハイマー, 厚労省, 厚生労働省, 診療所, クリニック',
    sport:
      'スポーツ, サッカー, 試合, ゴール, 得点, リーグ, 優勝, 選手権, 大会, ワールドカップ, w杯, jリーグ, プロ野球, 野球, ' +
      '大リーグ, テニス, ゴルフ, バスケットボール, バスケ, ラグビー, f1, 五輪, オリンピック, 陸上, マラソン, ボクシング, ' +
      '相撲, 力士, 横綱, スタジアム, fifa, メダル, 選手, サポーター, 決勝, 移籍',
    entertainment:
      '映画, 興行収入, 俳優, 女優, ハリウッド, アカデミー賞, 音楽, 歌手, 楽曲, 新曲, アルバム, コンサート, ライブ, ツアー, ' +
      'ラッパー, 芸能, タレント, アイドル, ネットフリックス, ディズニー, ドラマ, テレビ, 番組, 映画祭, 予告編, 小説, ' +
      '舞台, 芸人, アニメ, 漫画, 紅白, バンド, ミュージカル, 授賞式, 興行',
    society:
      '教育, 学校, 生徒, 学生, 教師, 教員, 大学, 宗教, 教会, モスク, ローマ教皇, 移民, 外国人労働者, 抗議, デモ, ' +
      'ストライキ, 労働組合, 労働者, 年金, 貧困, ホームレス, 住宅, 家賃, 家族, 子ども, 子供, 女性, 男女平等, 差別, ' +
      '人種差別, 結婚, 中絶, 人口, 高齢者, 若者, 地域, ボランティア, 社会, 交通事故, 事故, 少子化, 住民, 公共交通, 文化センター',
    crime:
      '犯罪, 容疑者, 容疑, 警察, 県警, 警視庁, 逮捕, 拘束, 殺人, 殺害, 銃撃, 発砲, 刃物, 強盗, 窃盗, 泥棒, 詐欺, 密輸, ' +
      '麻薬, 覚醒剤, 暴力団, 刑務所, 受刑者, 判決, 懲役, 有罪, 裁判, 地裁, 高裁, 最高裁, 検察, 地検, 起訴, 性的暴行, ' +
      '暴行, 誘拐, 汚職, 贈賄, 収賄, マネーロンダリング, 事件, 裁判官, 判事, 目撃者, 証人, 刑事',
    environment:
      '気候, 気候変動, 地球温暖化, 温暖化, 環境, 排出, 二酸化炭素, 温室効果ガス, 汚染, 再生可能エネルギー, 再エネ, ' +
      '太陽光, 風力, 化石燃料, 石炭, 森林, 山火事, 干ばつ, 洪水, 豪雨, 大雨, 猛暑, 熱中症, ハリケーン, 台風, ' +
      'サイクロン, 暴風, 地震, 津波, 火山, 噴火, 天気, 気象庁, 生物多様性, 絶滅, プラスチック, リサイクル, 海洋, 氷河, ' +
      '海面上昇, グリーンピース, 持続可能, 脱炭素, 国立公園, 自然保護区',
    world:
      '戦争, 紛争, 停戦, 侵攻, 軍事, ミサイル, 空爆, 爆撃, nato, 北大西洋条約機構, 国連, 安保理, 大使館, 大使, 外交, ' +
      '外相, 外務省, 首脳会談, サミット, 条約, 制裁, 難民, 人道, ガザ, ウクライナ, ハマス, 国際',
  },
  ko: {
    politics:
      '선거*, 투표*, 국회*, 의원*, 대통령*, 총리*, 장관*, 정부*, 정치*, 정당*, 여당*, 야당*, 민주당*, 국민의힘*, 탄핵*, 헌법*, 개헌*',
    business:
      '경제*, 시장*, 증시*, 주가*, 주식*, 코스피*, 투자*, 이익*, 매출*, 실적*, 인플레이션*, 물가*, 금리*, 한국은행*, ' +
      '중앙은행*, 연준*, 무역*, 관세*, 수출*, 수입*, 기업*, 회사*, 인수*, 합병*, 은행*, 금융*, 재정*, 예산*, 세금*, ' +
      '유가*, 원유*, 달러*, 환율*, 비트코인*, 가상화폐*, 암호화폐*, 고용*, 실업*, 부채*, 적자*, 무역협정*',
    technology:
      '기술*, 테크*, 소프트웨어*, 앱*, 스마트폰*, 아이폰*, 구글*, 애플*, 마이크로소프트*, 인공지능*, ai, 알고리즘*, ' +
      '반도체*, 칩*, 컴퓨터*, 인터넷*, 사이버*, 해커*, 해킹*, 클라우드*, 스타트업*, 로봇*, 5g, 게임*, 디지털*, 삼성전자*, 광케이블*, 광섬유*, 전기차*, 데이터센터*, 플랫폼*',
    science:
      '과학*, 과학자*, 연구*, 연구진*, 물리*, 화학*, 생물학*, 천문*, 나사, 우주*, 로켓*, 위성*, 망원경*, 행성*, 화성*, ' +
      '궤도*, 소행성*, 은하*, 화석*, 공룡*, 고고학*, 유전자*, 게놈*, 진화*, 양자*, 입자*, 실험*, 발견*',
    health:
      '건강*, 보건*, 병원*, 의사*, 간호*, 환자*, 질병*, 질환*, 바이러스*, 백신*, 코로나*, 감염*, 팬데믹*, 암, 당뇨*, ' +
      '심장*, 뇌졸중*, 약물*, 의약품*, 치료*, 수술*, 독감*, 홍역*, 정신건강*, 비만*, 영양*, 다이어트*, 세계보건기구*, ' +
      '증상*, 치매*, 알츠하이머*, 보건복지부*, 질병관리청*, 클리닉*',
    sport:
      '스포츠*, 축구*, 골, 득점*, 공격수*, 리그*, 우승*, 챔피언*, 선수권*, 대회*, 월드컵*, k리그*, 프리미어리그*, 야구*, ' +
      '프로야구*, kbo, 메이저리그*, 테니스*, 골프*, 농구*, 배구*, 올림픽*, 육상*, 마라톤*, 복싱*, 경기장*, 피파, 메달*, ' +
      '금메달*, 선수*, 손흥민*, 결승*, 이적*',
    entertainment:
      '영화*, 박스오피스*, 배우*, 여배우*, 할리우드*, 아카데미*, 음악*, 가수*, 노래*, 앨범*, 콘서트*, 투어*, 래퍼*, ' +
      '연예*, 아이돌*, 케이팝*, k팝*, 방탄소년단*, bts, 블랙핑크*, 넷플릭스*, 디즈니*, 드라마*, 예능*, 방송*, 영화제*, ' +
      '개봉*, 예고편*, 소설*, 뮤지컬*, 개그맨*, 밴드*, 시상식*',
    society:
      '교육*, 학교*, 학생*, 교사*, 대학*, 종교*, 교회*, 성당*, 교황*, 이민*, 이주*, 시위*, 파업*, 노조*, 노동자*, ' +
      '근로자*, 연금*, 빈곤*, 노숙*, 주택*, 임대*, 월세*, 전세*, 가족*, 아동*, 어린이*, 아이들*, 여성*, 성평등*, 차별*, ' +
      '인종차별*, 결혼*, 낙태*, 인구*, 저출산*, 고령*, 노인*, 청년*, 지역사회*, 봉사*, 사회*, 사고*, 교통사고*, 주민*, 대중교통*, 문화센터*',
    crime:
      '범죄*, 범인*, 경찰*, 체포*, 구속*, 검거*, 용의자*, 피의자*, 살인*, 총격*, 흉기*, 강도*, 절도*, 도둑*, 사기*, ' +
      '밀수*, 마약*, 조직폭력*, 조폭*, 교도소*, 수감*, 징역*, 선고*, 유죄*, 재판*, 법원*, 검찰*, 기소*, 성폭행*, ' +
      '성범죄*, 폭행*, 납치*, 부패*, 뇌물*, 돈세탁*, 자금세탁*, 판사*, 목격자*, 증인*, 형사*, 수사*',
    environment:
      '기후*, 기후변화*, 지구온난화*, 온난화*, 환경*, 배출*, 탄소*, 이산화탄소*, 온실가스*, 오염*, 미세먼지*, ' +
      '재생에너지*, 신재생*, 태양광*, 풍력*, 화석연료*, 석탄*, 산림*, 숲*, 산불*, 가뭄*, 홍수*, 폭우*, 폭염*, ' +
      '허리케인*, 태풍*, 사이클론*, 폭풍*, 지진*, 쓰나미*, 화산*, 날씨*, 기상청*, 기상*, 생물다양성*, 멸종*, ' +
      '플라스틱*, 재활용*, 해양*, 빙하*, 해수면*, 그린피스*, 지속가능*, 탄소중립*, 국립공원*',
    world:
      '전쟁*, 분쟁*, 휴전*, 침공*, 군대*, 군사*, 미사일*, 공습*, 폭격*, 나토*, 유엔*, 안보리*, 대사관*, 대사*, 외교*, ' +
      '외무*, 정상회담*, 조약*, 제재*, 난민*, 인도주의*, 가자*, 우크라이나*, 하마스*, 국제*',
  },
  tr: {
    politics:
      'seçim*, oylama*, meclis*, tbmm, milletvekil*, bakan*, cumhurbaşkan*, başbakan*, hükümet*, siyaset*, siyasi*, ' +
      'parti*, muhalefet*, chp, akp, ak parti, belediye başkan*, referandum*, koalisyon*, anayasa*',
    business:
      'ekonomi*, piyasa*, borsa*, hisse*, yatırım*, enflasyon*, faiz*, merkez bankası, tcmb, gsyih, resesyon*, ' +
      'ticaret*, gümrük*, ihracat*, ithalat*, şirket*, birleşme*, satın alma, banka*, finans*, bütçe*, vergi*, petrol*, ' +
      'dolar*, euro, döviz*, lira*, bitcoin*, kripto*, istihdam*, işsizlik*, borç*, ticaret anlaşması',
    technology:
      'teknoloji*, yazılım*, uygulama*, akıllı telefon*, iphone, android, google, apple, microsoft, yapay zeka, ' +
      'algoritma*, çip*, yarı iletken*, bilgisayar*, internet*, siber*, hacker*, bulut, robot*, 5g, ' +
      'sosyal medya, dijital*, elektrikli otomobil*, elektrikli araç*, fiber*, veri merkez*, platform*',
    science:
      'bilim*, bilimsel*, araştırma*, araştırmacı*, fizik*, kimya*, biyoloji*, astronomi*, nasa, uzay*, roket*, uydu*, ' +
      'teleskop*, gezegen*, mars, yörünge*, asteroit*, galaksi*, evren*, fosil*, dinozor*, arkeolog*, genom*, dna, ' +
      'evrim*, kuantum*, parçacık*, laboratuvar*, deney, deneyi, deneyler*, keşif*, keşfet*',
    health:
      'sağlık*, hastane*, doktor*, hekim*, hemşire*, hasta*, virüs*, aşı, aşısı, aşıları, aşılama*, covid*, ' +
      'koronavirüs*, korona*, pandemi*, salgın*, kanser*, diyabet*, kalp krizi, inme, ilaç*, tedavi*, terapi*, ameliyat*, ' +
      'cerrah*, enfeksiyon*, grip*, kızamık, ruh sağlığı, obezite*, beslenme*, diyet*, dsö, dünya sağlık örgütü, ' +
      'semptom*, belirti*, demans*, alzheimer*, klinik*',
    sport:
      'spor*, futbol*, maç*, gol, goller, golü, forvet*, teknik direktör*, antrenör*, lig*, süper lig, şampiyon*, ' +
      'turnuva*, dünya kupası, kupa*, galatasaray*, fenerbahçe*, beşiktaş*, trabzonspor*, milli takım*, tenis*, golf, ' +
      'bisiklet*, basketbol*, voleybol*, formula 1, f1, olimpiyat*, atlet*, maraton*, boks*, stadyum*, fifa, uefa, tff, ' +
      'madalya*, futbolcu*, transfer*, taraftar*, final*',
    entertainment:
      'sinema*, film*, gişe*, aktör*, aktris*, yönetmen*, hollywood, oscar*, müzik*, şarkıcı*, şarkı*, albüm*, konser*, ' +
      'turne*, rapçi*, ünlü*, magazin*, netflix, disney, dizi*, televizyon*, festival*, gala*, prömiyer*, fragman*, ' +
      'roman*, tiyatro*, komedyen*, müzikal*, ödül töreni',
    society:
      'eğitim*, okul*, öğrenci*, öğretmen*, üniversite*, din, dini*, kilise*, cami*, papa, göç*, göçmen*, mülteci*, ' +
      'protesto*, eylem*, grev*, sendika*, işçi*, emekli*, yoksulluk*, evsiz*, konut*, kira*, aile*, çocuk*, kadın*, ' +
      'eşitlik*, ayrımcılık*, ırkçılık*, lgbt*, evlilik*, düğün*, kürtaj*, nüfus*, yaşlı*, gençler, gençlik*, toplum*, ' +
      'gönüllü*, sosyal*, kaza, kazada, kazası, kazasında, trafik*, sakinler*, toplu taşıma, kültür merkezi, belediye*',
    crime:
      'suç*, polis*, emniyet*, gözaltı*, tutuklan*, tutuklu*, şüpheli*, cinayet*, öldürül*, silahlı saldırı, bıçak*, ' +
      'soygun*, hırsız*, dolandırıcı*, kaçakçı*, uyuşturucu*, çete*, cezaevi*, hapis*, mahkum*, ceza*, ' +
      'mahkeme*, dava*, savcı*, tecavüz*, cinsel saldırı, kaçırıl*, rüşvet*, yolsuzluk*, kara para, hakim*, tanık*, dedektif*, soruşturma*',
    environment:
      'iklim*, iklim değişikliği, küresel ısınma, çevre, çevreci*, çevresel, emisyon*, karbon*, co2, sera gazı, kirlilik*, kirliliği, ' +
      'yenilenebilir*, güneş enerjisi, rüzgar enerjisi, fosil yakıt*, kömür*, ormansızlaşma, orman*, yangın*, kuraklık*, ' +
      'sel, seller, taşkın*, sıcak hava dalgası, kasırga*, tayfun*, siklon*, fırtına*, deprem*, tsunami, yanardağ*, ' +
      'volkan*, hava durumu, meteoroloji*, biyoçeşitlilik, nesli tükenen, plastik*, geri dönüşüm*, okyanus*, buzul*, ' +
      'deniz seviyesi, greenpeace, sürdürülebilir*, milli park*',
    world:
      'savaş*, çatışma*, ateşkes*, işgal*, asker*, ordu*, füze*, hava saldırısı, bombardıman*, nato, ' +
      'birleşmiş milletler, bm, büyükelçi*, diplomat*, dışişleri*, antlaşma*, yaptırım*, insani*, gazze, ' +
      'ukrayna*, hamas',
  },
}
