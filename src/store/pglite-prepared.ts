import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

/**
 * A PGlite client whose parameterised queries run as named prepared statements.
 *
 * PGlite's own `query` sends each statement unnamed, in six calls into the database (parse,
 * describe, bind, describe, execute, sync), and the database parses and plans it every time. Here
 * a statement is parsed once per text and then bound and executed in one call, and after five
 * executions the database may keep a generic plan (`plan_cache_mode` auto, as for any prepared
 * statement), so planning stops too. Queries without parameters (DDL, transaction control,
 * migrations), bulk statements and blob queries go through PGlite unchanged.
 */
export function withPreparedStatements(client: PGlite, options: { maxStatements?: number } = {}): PGlite {
  const statements = new PreparedStatements(client, options.maxStatements ?? DEFAULT_MAX_STATEMENTS);
  const topLevel = async <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> => {
    if (!statements.handles(text, params, queryOptions)) return client.query<T>(text, params, queryOptions);
    await client._checkReady();
    // Both locks, as PGlite's query takes them: no statement of an open transaction runs in between.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await statements.run<T>(text, params, queryOptions, { retry: true });
        if (!client.isInTransaction()) await client.syncToFs();
        return result;
      }),
    );
  };
  const wrapped = {
    query: topLevel,
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(inTransaction(tx, client, statements))),
  };
  // Drizzle calls query and transaction only; the rest of PGlite (exec, dumps, close) is used on the client itself.
  return wrapped as unknown as PGlite;
}

function inTransaction(tx: Transaction, client: PGlite, statements: PreparedStatements): Transaction {
  return {
    query: async <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions) => {
      if (!statements.handles(text, params, queryOptions)) return tx.query<T>(text, params, queryOptions);
      if (tx.closed) throw new Error('Transaction is closed');
      // A failed statement aborts the transaction, so it cannot be retried inside it.
      return client._runExclusiveQuery(() => statements.run<T>(text, params, queryOptions, { retry: false }));
    },
    sql: (strings, ...params) => tx.sql(strings, ...params),
    exec: (text, queryOptions) => tx.exec(text, queryOptions),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed;
    },
  };
}

const { serialize } = protocol;

/** Statements kept prepared in the database session, least recently used closed first. */
const DEFAULT_MAX_STATEMENTS = 200;
/**
 * Bulk statements (an import's batch of rows, a document's chunks) are left unprepared: their
 * texts vary with the batch size, and the plan of each would stay in memory until evicted.
 */
const MAX_PARAMETERS = 1_000;
const MAX_TEXT = 64 * 1024;
/** Names are unique in the process, so that two wrappers of one client cannot collide. */
let statementsPrepared = 0;
/** PostgreSQL's answer when a table a prepared statement reads has changed the statement's result columns. */
const PLAN_RESULT_CHANGED = '0A000';

interface Prepared {
  name: string;
  /** The parameter types the database inferred, which choose each value's serializer. */
  paramTypes: number[];
}

class PreparedStatements {
  private readonly prepared: LRUCache<string, Prepared>;
  /** Statements evicted from the cache, closed with the next call into the database. */
  private readonly toClose: string[] = [];

  constructor(
    private readonly client: PGlite,
    max: number,
  ) {
    this.prepared = new LRUCache({ max, dispose: (statement) => this.toClose.push(statement.name) });
  }

  handles(text: string, params: unknown[], options: QueryOptions | undefined): boolean {
    return params.length > 0 && params.length <= MAX_PARAMETERS && text.length <= MAX_TEXT && !options?.blob;
  }

  /** Runs with PGlite's query lock held by the caller. */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, { retry }: { retry: boolean }): Promise<Results<T>> {
    const key = options?.paramTypes?.length ? `${options.paramTypes.join(',')}\n${text}` : text;
    try {
      const statement = this.prepared.get(key) ?? (await this.prepare(key, text, options));
      const messages = await this.client.execProtocolStream(
        Buffer.concat([
          ...this.closing(),
          serialize.bind({ statement: statement.name, values: this.values(statement, params, options) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { onNotice: options?.onNotice },
      );
      return parse.parseResults(messages, this.client.parsers, options)[0] as Results<T>;
    } catch (error) {
      if ((error as { code?: string }).code === PLAN_RESULT_CHANGED) {
        this.prepared.delete(key);
        if (retry) return this.run(text, params, options, { retry: false });
      }
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  private async prepare(key: string, text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `engram_s${++statementsPrepared}`;
    const messages = await this.client.execProtocolStream(
      Buffer.concat([
        ...this.closing(),
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { onNotice: options?.onNotice },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(key, statement);
    return statement;
  }

  private closing(): Uint8Array[] {
    return this.toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));
  }

  /** Each value as PGlite's own query sends it: by the serializer of its parameter's type, else as text. */
  private values(statement: Prepared, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }
}
