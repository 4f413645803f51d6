import { apprenticeshipLevel, type ApprenticeshipStandard } from '../../../../domain/apprenticeships.js';
import {
  ENTRY_REQUIREMENTS_HEADING,
  ROUTE_HEADINGS,
  type NcsContentExport,
  type NcsProfile,
  type ProfileRoute,
  type RouteKind,
  type TextBlock,
  type TextPart,
} from '../../../../domain/how-to-become.js';
import { htmlToParts, htmlToText } from '../../../formats/html-text.js';
import { NCS_PROFILE_PAGE, NCS_SITE } from '../publisher.js';
import { htmlOf, numberOf, partOf, RecipeContent, textOf, type ContentItem } from './recipes.js';

/** Each recipe file is at most this large (the largest is 1.6 MB); a larger one is refused unread. */
const MAX_RECIPE_BYTES = 20 * 1024 * 1024;

/** The JobProfile's route link fields, in the page's order, and the route kind each is. */
const ROUTE_FIELDS: ReadonlyArray<readonly [field: string, kind: RouteKind]> = [
  ['UniversityRoute', 'university'],
  ['CollegeRoute', 'college'],
  ['ApprenticeshipRoute', 'apprenticeship'],
  ['WorkRoute', 'work'],
  ['VolunteeringRoute', 'volunteering'],
  ['DirectRoute', 'direct_application'],
  ['OtherRoute', 'other_routes'],
];

/** The "More information" section's rich-text fields and the page's headings for them. */
const MORE_INFORMATION: ReadonlyArray<readonly [field: string, heading: string]> = [
  ['HtbCareerTips', 'Career tips'],
  ['HtbBodies', 'Professional and industry bodies'],
  ['HtbFurtherInformation', 'Further information'],
];

export function parseRecipes(files: readonly { name: string; bytes: Uint8Array }[]): NcsContentExport {
  const content = new RecipeContent(
    files.map(({ name, bytes }) => {
      if (bytes.length > MAX_RECIPE_BYTES)
        throw new Error(`${name}: ${bytes.length} bytes, larger than any recipe file (${MAX_RECIPE_BYTES})`);
      try {
        return {
          name,
          json: JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)) as unknown,
        };
      } catch (error) {
        throw new Error(`${name}: not UTF-8 JSON (${error instanceof Error ? error.message : String(error)})`);
      }
    }),
  );
  content.resolveAllLinks();
  const scriptLinks = { found: content.scriptLinks.found, resolved: content.scriptLinks.resolved };
  if (content.scriptLinks.broken.length > 0) {
    const first = content.scriptLinks.broken[0]!;
    throw new Error(
      `${content.scriptLinks.broken.length} script-expression links name no item of the export, e.g. ${first.contentType} "${first.displayText}"`,
    );
  }

  const standardItems = content.ofType('ApprenticeshipStandard');
  const standards = standardItems
    .filter((item) => textOf(item, 'ApprenticeshipStandard', 'Type') === 'Standard')
    .map((item) => standardOf(content, item));
  const frameworks = standardItems.filter(
    (item) => textOf(item, 'ApprenticeshipStandard', 'Type') === 'Framework',
  ).length;
  if (standards.length + frameworks !== standardItems.length)
    throw new Error('an ApprenticeshipStandard is neither a Standard nor a Framework');

  return {
    profiles: content.ofType('JobProfile').map((item) => profileOf(content, item)),
    standards,
    frameworks,
    scriptLinks,
  };
}

function profileOf(content: RecipeContent, item: ContentItem): NcsProfile {
  const where = `JobProfile "${item.DisplayText}"`;
  const slug =
    textOf(item, 'PageLocationPart', 'UrlName') ?? (partOf(item, 'PageLocationPart', 'UrlName') as string | undefined);
  // Slugs are lower case and hyphenated; eight 2020 ones keep an apostrophe or brackets ("children's-nurse").
  if (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9'()-]*$/.test(slug))
    throw new Error(`${where}: no page slug (PageLocationPart.UrlName)`);
  const title = (partOf(item, 'TitlePart', 'Title') as string | undefined)?.trim() ?? item.DisplayText;
  if (!title) throw new Error(`${where}: no title`);
  const linked = (field: string) => content.linked(partOf(item, 'JobProfile', field), `${where} ${field}`).items;
  const descriptions = (field: string, type: string) =>
    linked(field)
      .map((linkedItem) => htmlToText(htmlOf(linkedItem, type, 'Description'), NCS_SITE))
      .filter((t): t is string => t !== null);

  const routes: ProfileRoute[] = [];
  for (const [field, kind] of ROUTE_FIELDS) {
    for (const route of linked(field))
      routes.push({ kind, heading: ROUTE_HEADINGS[kind], blocks: routeBlocks(content, route, where) });
  }
  const moreInformation = MORE_INFORMATION.map(([field, heading]) => ({
    heading,
    parts: htmlToParts(htmlOf(item, 'JobProfile', field), NCS_SITE),
  })).filter((b) => b.parts.length > 0);
  if (moreInformation.length > 0)
    routes.push({ kind: 'more_information', heading: ROUTE_HEADINGS.more_information, blocks: moreInformation });

  const onet = linked('ONetOccupationalCode').map((code) => code.DisplayText?.trim() ?? '');
  if (onet.length > 1 || (onet[0] !== undefined && !/^\d{2}-\d{4}\.\d{2}$/.test(onet[0])))
    throw new Error(`${where}: O*NET code ${onet.join(', ')} is not one O*NET-SOC code`);
  const soc = linked('SOCCode').map((code) => code.DisplayText?.trim() ?? '');
  if (soc.length > 1 || (soc[0] !== undefined && !/^\d{4}$/.test(soc[0])))
    throw new Error(`${where}: SOC code ${soc.join(', ')} is not one four-digit SOC 2010 code`);

  return {
    slug,
    title,
    alternativeTitles: [],
    summary: htmlToText(htmlOf(item, 'JobProfile', 'Description'), NCS_SITE),
    routesIntro: null,
    routesListed: [],
    routes,
    requirements: [
      ...descriptions('HtbRegistrations', 'Registration'),
      ...descriptions('WitRestrictions', 'Restriction'),
    ],
    requirementNotes: descriptions('WitOtherRequirements', 'OtherRequirement'),
    url: `${NCS_PROFILE_PAGE}${slug}`,
    soc2010: soc[0] ?? null,
    standards: linked('ApprenticeshipStandards')
      .map((standard) => textOf(standard, 'ApprenticeshipStandard', 'Reference'))
      .filter((reference): reference is string => reference !== null),
    retrievedAt: null,
    tasks: descriptions('DayToDayTasks', 'DayToDayTask'),
    onetSoc2010: onet[0] || null,
    apprenticeshipsNamed: [],
  };
}

/**
 * A route's blocks as the page lays them out: its text (relevant subjects or the description),
 * further information, the entry requirements under their prefix ("You'll usually need:"), and the
 * links under "More information".
 */
function routeBlocks(content: RecipeContent, route: ContentItem, profile: string): TextBlock[] {
  const type = route.ContentType;
  const where = `${profile} ${type}`;
  const part = (field: string) => htmlToParts(htmlOf(route, type, field), NCS_SITE);
  const blocks: TextBlock[] = [];
  const body = [...part('RelevantSubjects'), ...part('Description')];
  if (body.length > 0) blocks.push({ heading: null, parts: body });
  const further = part('FurtherInfo');
  if (further.length > 0) blocks.push({ heading: null, parts: further });

  const linked = (field: string) => content.linked(partOf(route, type, field), `${where} ${field}`).items;
  const requirements = linked('Requirements')
    .map((requirement) => htmlToText(htmlOf(requirement, requirement.ContentType, 'Description')))
    .filter((t): t is string => t !== null);
  const prefix = linked('RequirementsPrefix')
    .map((p) => htmlToText(htmlOf(p, 'RequirementsPrefix', 'Description')))
    .find((t) => t !== null);
  if (requirements.length > 0 || prefix)
    blocks.push({
      heading: ENTRY_REQUIREMENTS_HEADING,
      parts: [{ text: prefix ?? null, items: requirements.length > 0 ? requirements : null }],
    });

  const links = linked('Links').map((link) => {
    const target = partOf(link, link.ContentType, 'Link') as { Url?: unknown; Text?: unknown } | undefined;
    const text = typeof target?.Text === 'string' ? target.Text.trim() : '';
    const url = typeof target?.Url === 'string' ? absolute(target.Url.trim()) : '';
    if (!text || !/^https?:\/\//.test(url))
      throw new Error(`${where}: link ${link.ContentItemId} has no text or no web address`);
    return `${text} (${url})`;
  });
  if (links.length > 0)
    blocks.push({ heading: 'More information', parts: [{ text: null, items: links } satisfies TextPart] });
  return blocks;
}

/** Links within the NCS site are written from its root ("/find-a-course"). */
function absolute(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? new URL(url, NCS_SITE).href : url;
}

function standardOf(content: RecipeContent, item: ContentItem): ApprenticeshipStandard {
  const where = `ApprenticeshipStandard "${item.DisplayText}"`;
  const code = textOf(item, 'ApprenticeshipStandard', 'Reference');
  if (!code || !/^ST\d{4}$/.test(code)) throw new Error(`${where}: reference "${code}" is not an ST number`);
  const levels = content.linked(partOf(item, 'ApprenticeshipStandard', 'QCFLevel'), `${where} QCFLevel`).items;
  const routes = content.linked(
    partOf(item, 'ApprenticeshipStandard', 'ApprenticeshipStandardRoutes'),
    `${where} routes`,
  ).items;
  const positive = (value: number | null) => (value !== null && value > 0 ? value : null);
  return {
    code,
    name: item.DisplayText?.trim() || code,
    level: apprenticeshipLevel(levels[0]?.DisplayText ?? null),
    status: null,
    route:
      routes.length > 0
        ? routes
            .map((r) => r.DisplayText ?? '')
            .filter(Boolean)
            .join('; ')
        : null,
    typicalJobTitles: [],
    url: null,
    durationMonths: positive(numberOf(item, 'ApprenticeshipStandard', 'Duration')),
    version: null,
    larsCode: positive(numberOf(item, 'ApprenticeshipStandard', 'LARSCode')),
    maxFunding: positive(numberOf(item, 'ApprenticeshipStandard', 'MaximumFunding')),
    approvedForDelivery: null,
    careerStarter: null,
    detail: null,
  };
}
