import './jitless';
import { z } from 'zod';

/** The wall-clock fields of an event or a tour as the API answers them (see spanFields in ../dates). */
export const spanShape = {
  startDate: z.string().describe('MM/DD/YYYY in ORG_TIMEZONE'),
  startTime: z.string().describe('HH:mm, 24-hour'),
  startDay: z.string().describe("weekday, e.g. 'Mon'"),
  endDate: z.string().describe('MM/DD/YYYY in ORG_TIMEZONE'),
  endTime: z.string().describe('HH:mm, 24-hour'),
  endDay: z.string().describe("weekday, e.g. 'Mon'"),
};
