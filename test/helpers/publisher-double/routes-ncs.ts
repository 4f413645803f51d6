import { readdirSync, readFileSync } from 'node:fs';
import { profileKey, type NcsProfile } from '../../../src/domain/how-to-become.js';
import { parseRecipes } from '../../../src/ingest/sources/ncs/ncs-content-export-2020/parse.js';
import { upstreamPath } from '../upstream.js';
import { html, type PublisherResponse } from './routes.js';

/**
 * The National Careers Service site: the explore-careers sitemap and job-profile pages. No page
 * is recorded: pages are written in the layout DfE's views render (`SkillsFundingAgency/
 * dfc-app-jobprofiles`, `Views/Profile/_Hero.cshtml`, `Segment/HowToBecome/*.cshtml`,
 * `Segment/Skills/BodyDataRestrictions.cshtml`) and a 2026 scraper reads (`skillettsites/
 * matchmyskillset`, `scripts/ashe/ncs.mjs`), filled with the mirror's retrieval of the pages'
 * text (`ncs-job-profiles/ncs-profiles.json`); the sitemap lists the mirror's 737 slugs.
 */

export const NCS_SITEMAP = 'https://nationalcareers.service.gov.uk/explore-careers/sitemap.xml';
export const profileUrl = (slug: string) => `https://nationalcareers.service.gov.uk/job-profiles/${slug}`;

/** A sitemaps.org `<urlset>` of these addresses. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${url}</loc><changefreq>monthly</changefreq></url>`).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/** What one page says, in the fields the mirror's retrieval gives. */
interface PageSpec {
  title: string;
  alternativeTitles?: string[];
  routesListed?: string[];
  /** Route section ids present, as the views write them: University, College, Apprenticeship, work, ... */
  sections?: Partial<Record<'University' | 'College' | 'Apprenticeship', { text: string; requirements: string[] }>> &
    Partial<Record<'work' | 'volunteering' | 'directapplication' | 'otherroutes', string>>;
  registration?: string[];
  restrictions?: string[];
  /** "More information" blocks: heading, then its paragraph. */
  moreInformation?: [heading: string, text: string][];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const list = (items: string[], cls?: string) =>
  `<ul${cls ? ` class="${cls}"` : ''}>${items.map((i) => `<li>${escape(i)}</li>`).join('')}</ul>`;

/** A whole page, head, scripts and all, in the views' layout. */
export function jobProfilePage(spec: PageSpec): string {
  const routeSection = (id: string, heading: string, content: string) =>
    `<section class="job-profile-subsection" id="${id}"><h3>${heading}</h3><div class="job-profile-subsection-content">${content}</div></section>`;
  const withRequirements = (id: 'University' | 'College' | 'Apprenticeship') => {
    const route = spec.sections?.[id];
    if (!route) return '';
    return routeSection(
      id,
      id,
      `<p>${escape(route.text)}</p><h4>Entry requirements</h4><p>You'll usually need:</p>${list(route.requirements, 'list-reqs')}` +
        `<h4>More Information</h4><ul class="list-link"><li><a class="htb-feature" href="https://www.gov.uk/student-finance">student finance</a></li></ul>`,
    );
  };
  const further = (['work', 'volunteering', 'directapplication', 'otherroutes'] as const)
    .map((id) => {
      const text = spec.sections?.[id];
      const heading = {
        work: 'Work',
        volunteering: 'Volunteering',
        directapplication: 'Direct Application',
        otherroutes: 'Other Routes',
      }[id];
      return text ? routeSection(id, heading, `<p>${escape(text)}</p>`) : '';
    })
    .join('\n');
  const more = [
    ...(spec.registration?.length ? [`<h4>Registration</h4>${list(spec.registration)}`] : []),
    ...(spec.moreInformation ?? []).map(([heading, text]) => `<h4>${heading}</h4><p>${escape(text)}</p>`),
  ].join('');
  const alternative = spec.alternativeTitles?.length
    ? `<h2 class="heading-secondary"><span class="sr-hidden">Alternative titles for this job include </span>${escape(spec.alternativeTitles.join(', '))}</h2>`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><title>${escape(spec.title)} | Explore careers | National Careers Service</title>
<script>window.dataLayer = window.dataLayer || []; if (1 < 2) { dataLayer.push({'event': 'jp'}); }</script>
<style>.job-profile-hero h1 { margin: 0 }</style></head>
<body class="govuk-template__body"><script>document.body.className += ' js-enabled';</script>
<!-- header -->
<header class="job-profile-hero"><div class="grid-row"><div class="column-desktop-two-thirds">
<h1 class="heading-xlarge"> ${escape(spec.title)}</h1>
${alternative}
<p>${escape(spec.title)}s do the work this profile describes.</p></div></div>
<div id="Salary" class="column-40 job-profile-heroblock"><h2>Average salary <span>(a year)</span></h2></div></header>
<main id="main-content">
<section id="HowToBecome"><h2 class="heading-large job-profile-heading">How to become a ${escape(spec.title.toLowerCase())}</h2>
${spec.routesListed?.length ? `<p>You can get into this job through:</p>${list(spec.routesListed)}` : ''}
${withRequirements('University')}${withRequirements('College')}${withRequirements('Apprenticeship')}
${further}
${more ? routeSection('moreinfo', 'More Information', more) : ''}
</section>
<section class="job-profile-subsection" id="Skills"><h2 class="heading-large">What it takes</h2>
${spec.restrictions?.length ? routeSection('restrictions', 'Restrictions and Requirements', `<p>You'll need to:</p>${list(spec.restrictions)}`) : ''}
</section></main>
<footer><svg viewBox="0 0 10 10"><path d="M0 0h10"/></svg></footer></body></html>`;
}

interface MirrorProfile {
  title: string;
  alternativeTitles: string[];
  routes: { text: string }[];
  entryRequirements: Record<'university' | 'college' | 'apprenticeship', string[]>;
  hasSections: Record<string, boolean>;
  registration: string[];
  restrictions: string[];
  moreInformationText: string;
}

const MORE_HEADINGS = ['Career tips', 'Professional and industry bodies', 'Further information'];

/** A page with what the mirror's retrieval of it says (its route sections' own text was not kept: one line stands in). */
export function pageFromMirror(slug: string): PageSpec {
  const profiles = JSON.parse(readFileSync(upstreamPath('ncs-job-profiles/ncs-profiles.json'), 'utf8')) as {
    profiles: Record<string, MirrorProfile>;
  };
  const p = profiles.profiles[slug];
  if (!p) throw new Error(`the mirror has no page for ${slug}`);
  const body = p.moreInformationText.replace(/^\s*More Information\s*/i, '');
  const found = MORE_HEADINGS.map((heading) => ({ heading, at: body.indexOf(heading) }))
    .filter((h) => h.at >= 0)
    .sort((a, b) => a.at - b.at);
  const moreInformation = found.map(({ heading, at }, i): [string, string] => [
    heading,
    body.slice(at + heading.length, found[i + 1]?.at ?? body.length).trim(),
  ]);
  const route = (kind: 'university' | 'college' | 'apprenticeship', on: boolean) =>
    on ? { text: `The ${kind} route.`, requirements: p.entryRequirements[kind] ?? [] } : undefined;
  const s = p.hasSections;
  return {
    title: p.title,
    alternativeTitles: p.alternativeTitles,
    routesListed: p.routes.map((r) => r.text),
    sections: {
      ...(s.university ? { University: route('university', true)! } : {}),
      ...(s.college ? { College: route('college', true)! } : {}),
      ...(s.apprenticeship ? { Apprenticeship: route('apprenticeship', true)! } : {}),
      ...(s.work ? { work: 'The work route.' } : {}),
      ...(s.volunteering ? { volunteering: 'The volunteering route.' } : {}),
      ...(s.directApplication ? { directapplication: 'The direct application route.' } : {}),
      ...(s.otherRoutes ? { otherroutes: 'Other routes.' } : {}),
    },
    registration: p.registration,
    restrictions: p.restrictions,
    moreInformation: moreInformation.filter(([, text]) => text !== ''),
  };
}

/**
 * A page for a profile the 2026 retrieval did not reach, with what NCS's own November 2020 export
 * says of it (title, routes and their entry requirements, registration and restrictions, "More
 * information"): the live site has a page for every listed slug, and the mirror holds no other text.
 */
function pageFromExport(profile: NcsProfile): PageSpec {
  const route = (kind: string) => profile.routes.find((r) => r.kind === kind);
  const requirements = (kind: 'university' | 'college' | 'apprenticeship') => {
    const found = route(kind);
    if (!found) return undefined;
    const items = found.blocks
      .filter((b) => b.heading === 'Entry requirements')
      .flatMap((b) => b.parts.flatMap((p) => p.items ?? []));
    return { text: `The ${kind} route.`, requirements: items };
  };
  const further = (kind: string, text: string) => (route(kind) ? text : undefined);
  const more = route('more_information')?.blocks ?? [];
  const sections = {
    University: requirements('university'),
    College: requirements('college'),
    Apprenticeship: requirements('apprenticeship'),
    work: further('work', 'The work route.'),
    volunteering: further('volunteering', 'The volunteering route.'),
    directapplication: further('direct_application', 'The direct application route.'),
    otherroutes: further('other_routes', 'Other routes.'),
  };
  return {
    title: profile.title,
    alternativeTitles: profile.alternativeTitles,
    sections: Object.fromEntries(Object.entries(sections).filter(([, v]) => v !== undefined)),
    restrictions: profile.requirements,
    moreInformation: more.flatMap((b): [string, string][] => {
      const text = b.parts
        .map((p) => p.text ?? '')
        .join(' ')
        .trim();
      return b.heading && text ? [[b.heading, text]] : [];
    }),
  };
}

/** The November 2020 export's job profiles, by their slug normalised (`profileKey`); parsed once a process. */
let exportProfiles: Map<string, NcsProfile> | null = null;
function exportByKey(): Map<string, NcsProfile> {
  if (exportProfiles) return exportProfiles;
  const folder = upstreamPath('ncs-content-export-2020/recipes');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.recipe.json'))
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(`${folder}/${name}`)) }));
  exportProfiles = new Map(parseRecipes(files).profiles.map((p) => [profileKey(p.slug), p]));
  return exportProfiles;
}

/** The 737 slugs the mirror's sitemap retrieval lists. */
export function mirrorSlugs(): string[] {
  return (
    JSON.parse(readFileSync(upstreamPath('ncs-job-profiles/ncs-job-profile-slugs.json'), 'utf8')) as {
      slugs: string[];
    }
  ).slugs;
}

/**
 * The site as the double serves it: the sitemap of every mirror slug, and a page for each of
 * `slugs` built from the mirror's text; every other listed page answers 404.
 */
export function ncsRoutes(slugs: string[] = ['software-developer', 'nurse']): [string, PublisherResponse][] {
  return [
    [NCS_SITEMAP, { contentType: 'application/xml', body: sitemapXml(mirrorSlugs().map(profileUrl)) }],
    ...slugs.map((slug): [string, PublisherResponse] => [profileUrl(slug), html(jobProfilePage(pageFromMirror(slug)))]),
  ];
}

/**
 * The whole site: the sitemap of the mirror's 737 slugs and a page for each one either mirror
 * release has text for, the 2026 retrieval's where it has the page, else the 2020 export's; the
 * listed slugs neither has (48) answer 404, as pages gone.
 */
export function ncsSiteRoutes(): [string, PublisherResponse][] {
  const retrieved = new Set(
    Object.keys(
      (
        JSON.parse(readFileSync(upstreamPath('ncs-job-profiles/ncs-profiles.json'), 'utf8')) as {
          profiles: Record<string, { ok?: boolean }>;
        }
      ).profiles,
    ),
  );
  const exported = exportByKey();
  const pages = mirrorSlugs().flatMap((slug): [string, PublisherResponse][] => {
    const earlier = exported.get(profileKey(slug));
    const spec = retrieved.has(slug) ? pageFromMirror(slug) : earlier ? pageFromExport(earlier) : null;
    return spec ? [[profileUrl(slug), html(jobProfilePage(spec))]] : [];
  });
  return [[NCS_SITEMAP, { contentType: 'application/xml', body: sitemapXml(mirrorSlugs().map(profileUrl)) }], ...pages];
}
