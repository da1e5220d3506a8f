/**
 * Phrases that mark a closing paragraph as a credit rather than story text: where a copy first
 * appeared, which wire it came from, a rights notice. Partner sites append such a line to wire
 * copy ("Este artículo se publicó originalmente en La Tribuna de Tijuana.", "Mit Material von
 * dpa", "© RIPRODUZIONE RISERVATA", "무단전재 및 재배포 금지"); the original never carries it.
 * Data only. Written folded (lower case, accents kept), as foldCase() writes text; matched as
 * substrings, so a stem covers its endings (`впервые опубликован` meets `…опубликована`).
 * A cue may stop inside a word (`com informações d` meets `de`, `da`, `do`). `a…b` needs both
 * parts, in that order (Turkish and Hindi put the verb after the publisher).
 */
export const CREDIT_CUES: Readonly<Record<string, readonly string[]>> = {
  en: [
    'originally appeared',
    'originally published',
    'first appeared',
    'first published',
    'published from a wire agency feed',
    'republished with permission',
    'reprinted with permission',
    'reporting by',
    'all rights reserved',
  ],
  es: [
    'publicado originalmente',
    'publicada originalmente',
    'publicó originalmente',
    'apareció originalmente',
    'publicado por primera vez',
    'con información d',
    'todos los derechos reservados',
  ],
  pt: [
    'publicado originalmente',
    'publicada originalmente',
    'publicado inicialmente',
    'publicada inicialmente',
    'com informações d',
    'todos os direitos reservados',
  ],
  de: [
    'erschien zuerst',
    'erschien ursprünglich',
    'zuerst erschienen',
    'ursprünglich erschienen',
    'mit material von',
    'alle rechte vorbehalten',
  ],
  fr: [
    'publié initialement',
    'publiée initialement',
    'initialement publié',
    'paru initialement',
    'initialement paru',
    "publié à l'origine",
    'tous droits réservés',
  ],
  it: [
    'pubblicato originariamente',
    'pubblicata originariamente',
    'originariamente pubblicato',
    'pubblicato originalmente',
    'pubblicato per la prima volta',
    'riproduzione riservata',
  ],
  nl: [
    'verscheen eerder',
    'verscheen eerst',
    'verscheen oorspronkelijk',
    'oorspronkelijk gepubliceerd',
    'eerder gepubliceerd',
    'alle rechten voorbehouden',
  ],
  tr: ['ilk olarak…yayımlandı', 'ilk olarak…yayınlandı', 'tarafından servis edilmiştir', 'tüm hakları saklıdır'],
  ru: ['впервые опубликован', 'первоначально опубликован', 'впервые вышел', 'все права защищены'],
  ar: ['نشر هذا المقال', 'نشرت هذه المادة', 'نشر أولا', 'جميع الحقوق محفوظة'],
  hi: ['सबसे पहले…प्रकाशित', 'मूल रूप से…प्रकाशित', 'सर्वाधिकार सुरक्षित'],
  zh: ['最初刊载于', '原文刊载于', '原载于', '首发于', '转载自', '版权所有'],
  ja: ['最初に配信', 'から転載', '無断転載'],
  ko: ['처음 게재', '처음 실린', '무단전재'],
}
