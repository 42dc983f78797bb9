import type { App } from '../appType';
import { systemRoutes } from './system';
import { authRoutes } from './auth';
import { lookupRoutes } from './lookups';
import { locationRoutes } from './locations';
import { eventRoutes } from './events';
import { signupRoutes } from './signups';
import { officerRoutes } from './officers';
import { ticketRoutes } from './tickets';
import { ticketReviewRoutes } from './ticketReview';
import { ticketMonthRoutes } from './ticketMonths';
import { uploadRoutes } from './uploads';
import { uploadSignoffRoutes } from './uploadSignoffs';
import { newsRoutes } from './news';
import { statisticsRoutes } from './statistics';
import { trainingRoutes } from './training';
import { auditLogRoutes } from './auditLog';
import { losapRoutes } from './losap';
import { losapYearEndRoutes } from './losapYearEnd';
import { importRoutes } from './imports';
import { passwordSetupRoutes } from './passwordSetup';
import { calendarRoutes } from './calendar';
import { mySettingsRoutes } from './mySettings';

/** Every /api route module (spec §7). Each module owns one area. */
export async function apiRoutes(app: App) {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(lookupRoutes);
  await app.register(locationRoutes);
  await app.register(eventRoutes);
  await app.register(signupRoutes);
  await app.register(officerRoutes);
  await app.register(ticketRoutes);
  await app.register(ticketReviewRoutes);
  await app.register(ticketMonthRoutes);
  await app.register(uploadRoutes);
  await app.register(uploadSignoffRoutes);
  await app.register(newsRoutes);
  await app.register(statisticsRoutes);
  await app.register(trainingRoutes);
  await app.register(auditLogRoutes);
  await app.register(losapRoutes);
  await app.register(losapYearEndRoutes);
  await app.register(importRoutes);
  await app.register(passwordSetupRoutes);
  await app.register(calendarRoutes);
  await app.register(mySettingsRoutes);
}
