import { credits, people, titles, type Db } from '@ekran/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { scopeCondition, type TitleScope } from './title-scope.ts';

/** Drizzle queries of people and their credits; no rules. */
export function createPeopleRepo(db: Db) {
  return {
    async byAlias(alias: string) {
      const [row] = await db.select().from(people).where(eq(people.alias, alias)).limit(1);
      return row ?? null;
    },

    /** A person's credits on titles within the scope, newest first. */
    creditsOf(personId: string, scope: TitleScope) {
      return db
        .select({ role: credits.role, characterName: credits.characterName, title: titles })
        .from(credits)
        .innerJoin(titles, eq(titles.id, credits.titleId))
        .where(and(eq(credits.personId, personId), scopeCondition(scope)))
        .orderBy(desc(titles.year), desc(titles.ekranReleaseDate), asc(titles.alias));
    },
  };
}
export type PeopleRepo = ReturnType<typeof createPeopleRepo>;
