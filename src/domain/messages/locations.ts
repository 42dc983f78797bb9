/** Location messages: spec §2 Locations, §5 Location, §8. */
export const locations = {
  titles: {
    list: 'Locations',
    add: 'Add Location',
    edit: 'Edit Location',
  },
  fields: {
    name: 'Name',
    address: 'Address',
    city: 'City',
    state: 'State',
    zip: 'Zip',
    phone1: 'Phone',
    email1: 'Email',
    webAddress: 'Web Address',
    precinct: 'Precinct',
  },
  validation: {
    nameRequired: 'Name is required',
    addressRequired: 'Address is required',
    cityRequired: 'City is required',
    mustSelectState: 'Must select state',
    mustSelectPrecinct: 'Must select precinct',
  },
  errors: {
    inUse: 'This location is used by events and cannot be removed.',
    notFound: 'Location not found.',
  },
  /** Toast after a successful add or change (spec §4 Saves: back to the list). */
  saved: 'Location saved.',
} as const;
