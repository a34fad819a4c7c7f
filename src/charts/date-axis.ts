const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayMs = 86_400_000;
// Past about eleven months, day labels stop helping; label the first of months instead.
const longSpanMs = 330 * dayMs;
const monthSteps = [1, 2, 3, 4, 6, 12, 24, 60];

export interface DateTick {
  readonly time: number;
  readonly label: string;
}

/** Date labels on whole days (or on the first of months for long spans), at most `maxTicks` of them. */
export function computeDateTicks(firstTime: number, lastTime: number, maxTicks: number): DateTick[] {
  if (lastTime <= firstTime) return [{ time: firstTime, label: formatFullDate(firstTime) }];
  const ticks =
    lastTime - firstTime > longSpanMs
      ? computeMonthTicks(firstTime, lastTime, maxTicks)
      : computeDayTicks(firstTime, lastTime, maxTicks);
  return ticks.length > 0 ? ticks : [{ time: firstTime, label: formatMonthDay(firstTime) }];
}

function computeDayTicks(firstTime: number, lastTime: number, maxTicks: number): DateTick[] {
  const firstDay = Math.ceil(firstTime / dayMs);
  const lastDay = Math.floor(lastTime / dayMs);
  const stepDays = Math.max(1, Math.ceil((lastDay - firstDay) / Math.max(1, maxTicks - 1)));
  const ticks: DateTick[] = [];
  for (let day = firstDay; day <= lastDay; day += stepDays) {
    ticks.push({ time: day * dayMs, label: formatMonthDay(day * dayMs) });
  }
  return ticks;
}

function computeMonthTicks(firstTime: number, lastTime: number, maxTicks: number): DateTick[] {
  const first = new Date(firstTime);
  const last = new Date(lastTime);
  const firstMonth =
    first.getUTCFullYear() * 12 +
    first.getUTCMonth() +
    (first.getUTCDate() > 1 || firstTime % dayMs > 0 ? 1 : 0);
  const lastMonth = last.getUTCFullYear() * 12 + last.getUTCMonth();
  const wanted = (lastMonth - firstMonth) / Math.max(1, maxTicks - 1);
  const stepMonths = monthSteps.find((step) => step >= wanted) ?? Math.ceil(wanted);
  const ticks: DateTick[] = [];
  // Aligned to multiples of the step (Jan, Apr, Jul, Oct for 3) so labels fall on familiar months.
  for (let month = Math.ceil(firstMonth / stepMonths) * stepMonths; month <= lastMonth; month += stepMonths) {
    const time = Date.UTC(Math.floor(month / 12), month % 12, 1);
    ticks.push({ time, label: `${monthNames[month % 12] ?? ""} ${Math.floor(month / 12)}` });
  }
  return ticks;
}

export function formatFullDate(time: number): string {
  return `${formatMonthDay(time)}, ${new Date(time).getUTCFullYear()}`;
}

function formatMonthDay(time: number): string {
  const date = new Date(time);
  return `${monthNames[date.getUTCMonth()] ?? ""} ${date.getUTCDate()}`;
}
