import type { titles } from '@ekran/db';

/** A row of `titles`, as the catalogue's queries return it (other modules map it through the catalogue's card maker). */
export type TitleRow = typeof titles.$inferSelect;

/** A genre of a title, in the title's order. */
export interface GenreOfTitle { titleId: string; alias: string; title: string; position: number }
