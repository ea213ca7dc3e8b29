import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
const q = async (s: string) => console.log(s, JSON.stringify((await db.query(s)).rows));
await q(`select plainto_tsquery('simple','outdoor') as a, to_tsvector('english','Alice likes hiking in the Alps') @@ plainto_tsquery('simple','outdoor') as m`);
await q(`select u.lexeme from unnest(to_tsvector('english','activities')) u`);
await q(`select to_tsvector('english','Alice likes hiking') @@ plainto_tsquery('simple','activ') as m`);
