/** Local areas: local authority districts, regions and nations. */
export interface LocalAreasTables {
  geography_areas: GeographyAreasTable;
}

export interface GeographyAreasTable {
  edition_id: string;
  code: string;
  name: string;
  kind: string;
  region_code: string | null;
  region_name: string | null;
}
