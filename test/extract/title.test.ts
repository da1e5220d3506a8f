import { describe, expect, test } from 'bun:test'
import { hostSiteNames, stripSiteName } from '../../batch/extract/title.ts'

describe('stripSiteName', () => {
  test.each([
    {
      name: 'pipe suffix matching the site',
      title: 'Budget deficit widens | BBC News',
      sites: ['BBC News'],
      want: 'Budget deficit widens',
    },
    {
      name: 'dash suffix matching the host label',
      title: 'La réforme adoptée - Le Monde',
      sites: ['lemonde.fr', 'lemonde'],
      want: 'La réforme adoptée',
    },
    {
      name: 'em dash suffix',
      title: 'Storm hits coast — The Guardian',
      sites: ['The Guardian'],
      want: 'Storm hits coast',
    },
    { name: 'prefix', title: 'CNN - Markets fall on rate fears', sites: ['CNN'], want: 'Markets fall on rate fears' },
    {
      name: 'section and site after pipes',
      title: 'Rates hold steady | Business | Example Times',
      sites: ['Example Times'],
      want: 'Rates hold steady',
    },
    {
      name: 'short part after a pipe without a known site',
      title: 'Rates hold steady | Daily Planet',
      sites: [],
      want: 'Rates hold steady',
    },
    {
      name: 'dash inside the headline is kept',
      title: 'Biden - Trump debate draws record audience',
      sites: ['Example Times'],
      want: 'Biden - Trump debate draws record audience',
    },
    {
      name: 'glued Korean site name',
      title: '장동혁, 한동훈 제명했지만 부담 커졌다ㅣ한국일보',
      sites: ['한국일보'],
      want: '장동혁, 한동훈 제명했지만 부담 커졌다',
    },
    {
      name: 'glued Japanese site name',
      title: '宮崎県で震度5弱、津波注意報：朝日新聞デジタル',
      sites: ['朝日新聞デジタル'],
      want: '宮崎県で震度5弱、津波注意報',
    },
    { name: 'title that is only the site name', title: 'BBC News', sites: ['BBC News'], want: 'BBC News' },
    { name: 'no separator', title: 'Markets rally', sites: ['Markets'], want: 'Markets rally' },
  ])('$name', ({ title, sites, want }) => expect(stripSiteName(title, sites)).toBe(want))
})

describe('hostSiteNames', () => {
  test.each([
    { host: 'bbc.co.uk', want: ['bbc.co.uk', 'bbc'] },
    { host: 'news.example.com', want: ['news.example.com', 'example'] },
    { host: 'lemonde.fr', want: ['lemonde.fr', 'lemonde'] },
    { host: 'localhost', want: ['localhost', 'localhost'] },
    { host: '', want: [] },
  ])('$host', ({ host, want }) => expect(hostSiteNames(host)).toEqual([...want]))
})
