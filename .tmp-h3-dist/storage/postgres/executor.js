/** Applies an already-validated order to a query; `columns` maps order keys to column names. */
export function orderBy(query, order, columns, tieBreak) {
    let q = query;
    for (const { key, direction } of order)
        q = q.orderBy(columns[key], direction);
    return q.orderBy(tieBreak, 'asc');
}
export const isUniqueViolation = (error) => error?.code === '23505';
export const isForeignKeyViolation = (error) => error?.code === '23503';
