import { Box, Typography } from '@mui/material';
import { useAppConfig } from '../providers/appConfig';

/** The logo and the organisation's name (spec §1 header), used signed in and out. */
export function BrandTitle() {
  const { orgName } = useAppConfig();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '0 1 auto', minWidth: 0 }}>
      <Box component="img" src={`${import.meta.env.BASE_URL}logo.svg`} alt="" sx={{ width: 32, height: 32, flexShrink: 0 }} />
      <Typography
        component="span"
        variant="h6"
        sx={{ fontSize: { xs: '1rem', sm: '1.25rem' }, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {orgName}
      </Typography>
    </Box>
  );
}
