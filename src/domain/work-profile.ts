/** US occupations and their O*NET ratings, and the crosswalks that reach them from ISCO-08. */

/** One pair of the BLS crosswalk: an ISCO-08 group and a US SOC 2010 occupation that correspond. */
export interface IscoUsSocLink {
  isco08: string;
  usSoc2010: string;
  usSocTitle: string;
  /** BLS marks with `*` a pair where only part of one occupation corresponds to the other. */
  partial: boolean;
}

/** One O*NET-SOC 2010 occupation and the US SOC 2010 occupation it belongs to. */
export interface OnetSoc2010Link {
  onetSoc2010: string;
  onetTitle: string;
  usSoc2010: string;
}

/**
 * One row of O*NET's O*NET-SOC 2010 to O*NET-SOC 2019 crosswalk: a 2010 occupation and one of its
 * 2019 successors. Rows are many-to-many: a split 2010 occupation has several rows, merged ones
 * share a successor.
 */
export interface OnetSoc2019Link {
  onetSoc2010: string;
  onetSoc2019: string;
  onetSoc2019Title: string;
}

/** One O*NET-SOC 2019 occupation and the 2018 US SOC detailed occupation it belongs to. */
export interface OnetSoc2018Link {
  onetSoc2019: string;
  onetTitle: string;
  usSoc2018: string;
  usSoc2018Title: string;
}

/** An O*NET-SOC 2019 occupation: its code and title (the description is not kept). */
export interface OnetOccupation {
  code: string;
  title: string;
}

/** One rating of an O*NET occupation on one element of the content model, on one scale. */
export interface OnetRating {
  code: string;
  elementId: string;
  elementName: string;
  value: number;
  /** The rating's date as O*NET writes it (MM/YYYY). */
  date: string;
}

/**
 * The six RIASEC interest types as O*NET's content model defines them (elements 1.B.1.a to
 * 1.B.1.f), with O*NET's own description of each (https://www.onetonline.org/find/descriptor/browse/1.B.1).
 */
export const RIASEC = [
  {
    elementId: '1.B.1.a',
    type: 'Realistic',
    letter: 'R',
    meaning:
      'Work involves designing, building, or repairing of equipment, materials, or structures, engaging in physical activity, or working outdoors. Realistic occupations are often associated with engineering, mechanics and electronics, construction, woodworking, transportation, machine operation, agriculture, animal services, physical or manual labor, athletics, or protective services.',
  },
  {
    elementId: '1.B.1.b',
    type: 'Investigative',
    letter: 'I',
    meaning:
      'Work involves studying and researching non-living objects, living organisms, disease or other forms of impairment, or human behavior. Investigative occupations are often associated with physical, life, medical, or social sciences, and can be found in the fields of humanities, mathematics/statistics, information technology, or health care service.',
  },
  {
    elementId: '1.B.1.c',
    type: 'Artistic',
    letter: 'A',
    meaning:
      'Work involves creating original visual artwork, performances, written works, food, or music for a variety of media, or applying artistic principles to the design of various objects and materials. Artistic occupations are often associated with visual arts, applied arts and design, performing arts, music, creative writing, media, or culinary art.',
  },
  {
    elementId: '1.B.1.d',
    type: 'Social',
    letter: 'S',
    meaning:
      'Work involves helping, teaching, advising, assisting, or providing service to others. Social occupations are often associated with social, health care, personal service, teaching/education, or religious activities.',
  },
  {
    elementId: '1.B.1.e',
    type: 'Enterprising',
    letter: 'E',
    meaning:
      'Work involves managing, negotiating, marketing, or selling, typically in a business setting, or leading or advising people in political and legal situations. Enterprising occupations are often associated with business initiatives, sales, marketing/advertising, finance, management/administration, professional advising, public speaking, politics, or law.',
  },
  {
    elementId: '1.B.1.f',
    type: 'Conventional',
    letter: 'C',
    meaning:
      'Work involves following procedures and regulations to organize information or data, typically in a business setting. Conventional occupations are often associated with office work, accounting, mathematics/statistics, information technology, finance, or human resources.',
  },
] as const;
