/** Whether `YYYYMMDD` and `HHmmss` digits name a real calendar date and time of day. */
export function isDateTimeStamp(date: string, time: string): boolean {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(4, 6));
  const day = Number(date.slice(6, 8));
  const at = new Date(Date.UTC(year, month - 1, day));
  const validDate = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
  const [hours, minutes, seconds] = [time.slice(0, 2), time.slice(2, 4), time.slice(4, 6)].map(Number);
  return validDate && hours! < 24 && minutes! < 60 && seconds! < 60;
}
