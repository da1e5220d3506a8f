import { ar } from './ar.ts'
import { de } from './de.ts'
import { en } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { hi } from './hi.ts'
import { it } from './it.ts'
import { ja } from './ja.ts'
import { ko } from './ko.ts'
import { nl } from './nl.ts'
import { pt } from './pt.ts'
import { ru } from './ru.ts'
import { tr } from './tr.ts'
import type { DemoLang, LangPack } from './types.ts'
import { zh } from './zh.ts'

export const LANG_PACKS: Readonly<Record<DemoLang, LangPack>> = {
  en,
  es,
  pt,
  fr,
  de,
  it,
  nl,
  ru,
  ar,
  hi,
  zh,
  ja,
  ko,
  tr,
}

export { DEMO_LANGS, type DemoLang, type LangPack, type Tone } from './types.ts'
