import { Box, Typography } from '@mui/material';
import { useAppConfig } from '../providers/appConfig';
import { orgAbbreviation } from '../domain/orgAbbreviation';

const nameSx = { fontSize: { xs: '1rem', sm: '1.25rem' }, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const fullOnWide = { display: { xs: 'none', sm: 'inline' } } as const;
const shortOnPhone = { display: { xs: 'inline', sm: 'none' }, textDecoration: 'none', cursor: 'inherit' } as const;

/**
 * The logo and the organisation's name (spec §1 header), used signed in and out. With
 * `abbreviateOnPhone` (the signed-in header, where the menu toggle and the officer's name share
 * the bar) a phone under 600 px shows the name's abbreviation (orgAbbreviation, src/domain: the
 * initials of ORG_NAME) as an <abbr> titled with the full name, instead of a name cut off
 * mid-word; wider screens show the full name.
 */
export function BrandTitle({ abbreviateOnPhone = false }: { abbreviateOnPhone?: boolean }) {
  const { orgName } = useAppConfig();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '0 1 auto', minWidth: 0 }}>
      <Box component="img" src={`${import.meta.env.BASE_URL}logo.svg`} alt="" sx={{ width: 32, height: 32, flexShrink: 0 }} />
      <Typography component="span" variant="h6" sx={nameSx}>
        {abbreviateOnPhone ? (
          <>
            <Box component="span" sx={fullOnWide}>
              {orgName}
            </Box>
            <Box component="abbr" title={orgName} sx={shortOnPhone}>
              {orgAbbreviation(orgName)}
            </Box>
          </>
        ) : (
          orgName
        )}
      </Typography>
    </Box>
  );
}
