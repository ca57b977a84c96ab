import { sql } from 'drizzle-orm';
import type { Executor } from '../../../shared/db/client';
import { bulkTasks, listRows, lists, pipelineRows, suppressions } from '../../../shared/db/schema';

/**
 * Appends verified pipeline rows to a list, as more rows of its upload (what an appended row holds:
 * docs/verify/lists.md, "Rows a pipeline appends"). Exactly once is the caller's: it appends in the
 * transaction that moves the rows out of `verifying`, which only one transaction can do. The list
 * row is locked so that concurrent appends take consecutive row numbers. Returns the rows appended:
 * none when the list is gone, is another workspace's, or is still importing.
 */
export async function appendPipelineRows(tx: Executor, target: { listId: number; tenantId: string }, rowIds: readonly number[]): Promise<number> {
  if (rowIds.length === 0) return 0;
  const [list] = (
    await tx.execute<{ id: number }>(sql`
      select id from ${lists} where id = ${target.listId} and tenant_id = ${target.tenantId} and status = 'ready' for update`)
  ).rows;
  if (!list) return 0;
  const ids = `{${rowIds.join(',')}}`;
  const appended = await tx.execute<{ rows: number; addresses: number; duplicates: number }>(sql`
    with list as (select columns, email_column from ${lists} where id = ${target.listId}),
    base as (
      select coalesce(max(row_number) + 1, 0) as next_row, coalesce(max(line) + 1, 2) as next_line
      from ${listRows} where list_id = ${target.listId}
    ),
    incoming as (
      select p.*, (row_number() over (order by p.id))::int - 1 as ordinal,
        min(p.id) over (partition by p.email_key) as first_id
      from ${pipelineRows} p where p.id = any(${ids}::bigint[]) and p.tenant_id = ${target.tenantId}
    ),
    numbered as (
      select i.*, base.next_row + i.ordinal as row_number, base.next_line + i.ordinal as line,
        (select min(r.row_number) from ${listRows} r where r.list_id = ${target.listId} and r.email_key = i.email_key) as earlier_row,
        (select f.ordinal from incoming f where f.id = i.first_id) as first_ordinal
      from incoming i, base
    ),
    inserted as (
      insert into ${listRows} (list_id, row_number, tenant_id, line, cells, cells_csv, email, email_key, duplicate_of, job_id, position, suppression_id)
      select ${target.listId}, n.row_number, ${target.tenantId}, n.line, cells.json, cells.csv,
        n.email, n.email_key,
        coalesce(n.earlier_row, case when n.id <> n.first_id then base.next_row + n.first_ordinal end),
        coalesce(e.job_id, n.job_id), coalesce(e.position, n.position),
        (select s.id from ${suppressions} s join ${bulkTasks} t on t.job_id = n.job_id and t.position = n.position
          where s.id = (t.result->'suppressed'->'entry'->>'id')::int and s.tenant_id = ${target.tenantId})
      from numbered n cross join list cross join base
      cross join lateral (
        select coalesce(jsonb_agg(c.value order by c.ord), '[]'::jsonb) as json, coalesce(string_agg(verify.csv_cell(c.value), ',' order by c.ord), '') as csv
        from (
          select c.ord, case when c.name = list.email_column then n.email else coalesce(n.data->>c.name, '') end as value
          from jsonb_array_elements_text(list.columns) with ordinality as c(name, ord)
        ) as c
      ) as cells
      left join ${listRows} e on e.list_id = ${target.listId} and e.row_number = n.earlier_row
      returning duplicate_of
    )
    select count(*)::int as rows, (count(*) filter (where duplicate_of is null))::int as addresses,
      (count(*) filter (where duplicate_of is not null))::int as duplicates
    from inserted`);
  const counts = appended.rows[0]!;
  await tx.execute(sql`
    update ${lists} set rows = rows + ${counts.rows}, addresses = addresses + ${counts.addresses},
      duplicates = duplicates + ${counts.duplicates}, updated_at = now()
    where id = ${target.listId}`);
  return counts.rows;
}
