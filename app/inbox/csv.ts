/**
 * CSV for spreadsheets (RFC 4180, CRLF line ends). Every cell is quoted, and a cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, so an exported value can never run as a formula (CSV injection). A plain
 * number ("-149.99", a refund) is left as it is: it is a value, not a formula, and must stay one.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvRow(values: string[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
