import { mainTablesSource } from '../main-tables.js';

/** DfE's page for the 2020-2035 round, where the nation, region and local workbooks are published. */
export const LMSP_PAGE = 'https://www.gov.uk/government/publications/labour-market-and-skills-projections-2020-to-2035';

/** The 2020-2035 round as its producers and DfE name it; the response's citation. */
export const LMSP_CITATION =
  'Labour market and skills projections: 2020 to 2035 (The Skills Imperative 2035), produced by the Warwick Institute for Employment Research and Cambridge Econometrics, published by the Department for Education under the Open Government Licence v3.0.';

/**
 * Labour market and skills projections 2020-2035, England: SOC 2020 sub-major groups, base 2020,
 * target 2035. The workbook is the England sum of the round's workbooks, as DfE's Local Skills
 * dashboard keeps it (the August 2024 corrected release).
 */
export const lmspEnglandSource = mainTablesSource({
  key: 'lmsp-england',
  name: 'Labour market and skills projections 2020 to 2035: England, by occupation (SOC 2020 sub-major groups)',
  url: LMSP_PAGE,
  round: 'Labour market and skills projections 2020 to 2035',
  folder: 'lmsp-2020-2035',
  file: 'EN_MainTables.Main.xlsm',
  classification: 'SOC 2020',
  subMajorGroups: 26,
  attribution: LMSP_CITATION,
});
