import './jitless';
import { z } from 'zod';
import { usDateText, hhmmText } from './wire';

/** The wall-clock fields of an event or a tour as the API answers them (see spanFields in ../dates). */
export const spanShape = {
  startDate: usDateText(),
  startTime: hhmmText(),
  startDay: z.string().describe("weekday, e.g. 'Mon'"),
  endDate: usDateText(),
  endTime: hhmmText(),
  endDay: z.string().describe("weekday, e.g. 'Mon'"),
};
