/** A stored picture of a post or a reply as their statements read it (the columns' names in camelCase, as JSON). */
export interface PictureRow {
  id: string;
  imageUrl: string;
  displayOrder: number;
  width: number | null;
  height: number | null;
  variantWidths: number[];
}
