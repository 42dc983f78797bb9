/**
 * The Ten Code Refresher of the Forms page (spec §2 Forms page, §4 ten-code quiz, §5, §9: 43 items).
 * The APCO ten codes 10-1 to 10-43 as an auxiliary officer is taught them; 10-41 and 10-42 are the
 * start and end of a tour, as on every time ticket.
 */

/** One quiz item: the phrase asked and its code, the number after '10-' (4 for 10-4). */
export interface TenCode {
  code: number;
  phrase: string;
}

export const TEN_CODES: readonly TenCode[] = [
  { code: 1, phrase: 'Receiving poorly' },
  { code: 2, phrase: 'Receiving well' },
  { code: 3, phrase: 'Stop transmitting' },
  { code: 4, phrase: 'Acknowledged' },
  { code: 5, phrase: 'Relay message' },
  { code: 6, phrase: 'Busy, stand by unless urgent' },
  { code: 7, phrase: 'Out of service' },
  { code: 8, phrase: 'In service' },
  { code: 9, phrase: 'Repeat' },
  { code: 10, phrase: 'Fight in progress' },
  { code: 11, phrase: 'Dog case' },
  { code: 12, phrase: 'Stand by' },
  { code: 13, phrase: 'Weather and road report' },
  { code: 14, phrase: 'Prowler report' },
  { code: 15, phrase: 'Civil disturbance' },
  { code: 16, phrase: 'Domestic problem' },
  { code: 17, phrase: 'Meet complainant' },
  { code: 18, phrase: 'Complete assignment quickly' },
  { code: 19, phrase: 'Return to station' },
  { code: 20, phrase: 'Location' },
  { code: 21, phrase: 'Call by telephone' },
  { code: 22, phrase: 'Disregard' },
  { code: 23, phrase: 'Arrived at scene' },
  { code: 24, phrase: 'Assignment completed' },
  { code: 25, phrase: 'Report in person' },
  { code: 26, phrase: 'Detaining subject, expedite' },
  { code: 27, phrase: "Driver's license information" },
  { code: 28, phrase: 'Vehicle registration information' },
  { code: 29, phrase: 'Check records for wanted' },
  { code: 30, phrase: 'Unnecessary use of radio' },
  { code: 31, phrase: 'Crime in progress' },
  { code: 32, phrase: 'Person with a gun' },
  { code: 33, phrase: 'Emergency' },
  { code: 34, phrase: 'Riot' },
  { code: 35, phrase: 'Major crime alert' },
  { code: 36, phrase: 'Correct time' },
  { code: 37, phrase: 'Investigate suspicious vehicle' },
  { code: 38, phrase: 'Stopping suspicious vehicle' },
  { code: 39, phrase: 'Urgent, use lights and siren' },
  { code: 40, phrase: 'Silent run, no lights or siren' },
  { code: 41, phrase: 'Beginning tour of duty' },
  { code: 42, phrase: 'Ending tour of duty' },
  { code: 43, phrase: 'Information' },
];

/** '10-4' for code 4. */
export function tenCodeLabel(code: number): string {
  return `10-${code}`;
}

/** The outcome of one answer (spec §5 ten-code quiz): not numeric, wrong or right. */
export type TenCodeOutcome = 'notNumeric' | 'wrong' | 'right';

/**
 * Checks an answer to `item`: the digits after '10-' ('4' for 10-4), surrounding spaces ignored.
 * Anything but digits is 'notNumeric' ('Code must be numeric. Try again!').
 */
export function checkTenCode(item: TenCode, answer: string): TenCodeOutcome {
  const text = answer.trim();
  if (!/^\d+$/.test(text)) return 'notNumeric';
  return Number(text) === item.code ? 'right' : 'wrong';
}

/**
 * One item picked at random (`random` returns [0, 1) like Math.random); never `previous` again
 * straight away, so the next question is always a new one.
 */
export function pickTenCode(random: () => number = Math.random, previous?: TenCode): TenCode {
  const pool = previous ? TEN_CODES.filter((t) => t.code !== previous.code) : TEN_CODES;
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
}
