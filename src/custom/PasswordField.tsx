import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';
import { OpenField, type OpenFieldProps } from './OpenField';

/**
 * A password field of the pages open without a session (sign-in, Change Password): an OpenField
 * with react-admin's Show/Hide password button, so those pages need no form machinery.
 * Every other prop goes to the OpenField (`describedBy` joins the field's message in its
 * accessible description).
 */
export function PasswordField(props: Omit<OpenFieldProps, 'type' | 'endAdornment'>) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <OpenField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
            onClick={() => setVisible(!visible)}
            size="small"
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
