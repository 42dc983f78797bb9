import { describe, expect, it } from 'vitest';
import { isCurrentLink, menuEntries, type MenuEntry } from '../../../src/custom/menuEntries';

/** The menu as 'Label -> link' lines, groups as 'Group > Label -> link'. */
function flatten(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.children ? e.children.map((c) => `${e.label} > ${c.label} -> ${c.to}`) : [`${e.label} -> ${e.to}`]));
}

const everyone = [
  'Time Tickets > Current YTD -> /TimeTicketLandingPage?officerId=&sinceDate=&untilDate=',
  'Time Tickets > Search -> /TimeTicketSearch',
  'Events > Details -> /EventLandingPage?eventTypeId=1',
  'Events > Training -> /EventLandingPage?eventTypeId=4',
  'Events > Administrative -> /EventLandingPage?eventTypeId=9',
  'Events > Special -> /EventLandingPage?eventTypeId=11',
  'Events > Search -> /EventSearch',
  'Events > Calendar -> /EventCalendar',
  'Events > My Sign-ups -> /MySignups',
  'Forms -> /Forms',
  '159 -> /UploadBrowse?uploadTypeId=1',
  'LOSAP Notices -> /UploadBrowse?uploadTypeId=2',
  'News -> /NewsBrowse',
];
const myProfile = 'My Profile -> /MyProfile';
const changePassword = 'Change Password -> /PasswordChange';
const statistics = 'Reports > Statistics -> /Reports/StatisticsSearch';
const training = 'Reports > Training Compliance -> /Reports/TrainingComplianceSearch';
const losapProgress = 'Reports > LOSAP Progress -> /Reports/LosapProgress';
const losapRules = 'Administrative Functions > LOSAP Rules -> /LosapRules';
const losapYearEnd = 'Administrative Functions > LOSAP Year End -> /LosapYearEnd';
const locations = 'Administrative Functions > Locations -> /LocationBrowse';
const newsfeed = 'Administrative Functions > Newsfeed -> /NewsBrowse';
const roster = 'Administrative Functions > Roster -> /OfficerBrowse?excludeSeparated=Y';
const auditLog = 'Administrative Functions > Audit Log -> /AuditLogBrowse';
const importEntry = 'Administrative Functions > Import -> /Import';

const menuFor = (accessLevel: number) => flatten(menuEntries({ officerId: 7, accessLevel }));

describe('menu entries per access level once every page has landed (spec §2, §6)', () => {
  it('level 3 sees only Detail List (no My Profile entry: spec §6 fixes his menu)', () => {
    expect(menuFor(3)).toEqual(['Detail List -> /EventLandingPage?eventTypeId=1']);
  });

  it('level 1 sees the officer menu', () => {
    expect(menuFor(1)).toEqual([...everyone, myProfile, changePassword]);
  });

  it('level 5 adds Reports > Statistics and LOSAP Progress', () => {
    expect(menuFor(5)).toEqual([...everyone, statistics, losapProgress, myProfile, changePassword]);
  });

  it('level 9 adds Training Compliance, Locations, Newsfeed and LOSAP Year End', () => {
    expect(menuFor(9)).toEqual([...everyone, statistics, training, losapProgress, locations, newsfeed, losapYearEnd, myProfile, changePassword]);
  });

  it('level 10 adds the Audit Queue under Time Tickets, the Roster, the Audit Log, LOSAP Rules and Import', () => {
    const [ytd, search, ...others] = everyone;
    expect(menuFor(10)).toEqual([ytd, search, 'Time Tickets > Audit Queue -> /AuditQueue', ...others, statistics, training, losapProgress, locations, newsfeed, roster, auditLog, losapRules, losapYearEnd, importEntry, myProfile, changePassword]);
  });

  it('nobody signed in, or a password-change-only session, gets no menu', () => {
    expect(menuEntries(null)).toEqual([]);
    expect(menuEntries({ officerId: 7, accessLevel: 10, passwordChangeOnly: true })).toEqual([]);
  });
});

describe('isCurrentLink', () => {
  it('compares path and query', () => {
    expect(isCurrentLink('/UploadBrowse?uploadTypeId=1', { pathname: '/UploadBrowse', search: '?uploadTypeId=1' })).toBe(true);
    expect(isCurrentLink('/UploadBrowse?uploadTypeId=2', { pathname: '/UploadBrowse', search: '?uploadTypeId=1' })).toBe(false);
    expect(isCurrentLink('/Forms', { pathname: '/Forms', search: '' })).toBe(true);
    expect(isCurrentLink('/Forms', { pathname: '/Forms', search: '?x=1' })).toBe(false);
  });
});
