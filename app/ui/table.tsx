/** A plain data table with a caption (visible: it names the table for everyone). */
export function Table({ caption, headers, children, empty }: { caption: string; headers: string[]; children: React.ReactNode; empty?: string }) {
  const hasRows = Array.isArray(children) ? children.length > 0 : Boolean(children);
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="bg-gray-50 px-4 py-3 text-left text-base font-semibold text-ink">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold text-gray-900">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {hasRows ? (
            children
          ) : (
            <tr>
              <td colSpan={headers.length} className="px-4 py-6 text-center text-gray-700">
                {empty ?? "Nothing here yet."}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Cell({ children }: { children: React.ReactNode }) {
  return <td className="px-4 py-2 align-top text-gray-900">{children}</td>;
}
