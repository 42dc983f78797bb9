import { useState } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';

/**
 * A password field of the pages open without a session (sign-in, Change Password): an MUI text
 * field with react-admin's Show/Hide password button, so those pages need no form machinery
 * (issue 13). Every other prop goes to the TextField; `describedBy` joins the field's message
 * (helper text) in its accessible description.
 */
export function PasswordField({ describedBy, ...props }: Omit<TextFieldProps, 'type' | 'slotProps'> & {
  /** Id of a note that describes the field (read after its label, with its message). */
  describedBy?: string;
}) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: describedBy && props.id ? { 'aria-describedby': `${describedBy} ${props.id}-helper-text` } : undefined,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                onClick={() => setVisible(!visible)}
                size="small"
              >
                {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
