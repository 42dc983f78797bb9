import { useState } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import SortIcon from '@mui/icons-material/Sort';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useListContext } from 'react-admin';
import { format, rc } from '../domain/messages';

/** A sortable field of a card list: the server's sort key and the column's label. */
export interface SortField {
  field: string;
  label: string;
}

/**
 * The sort control of a card list (phones have no column headers): shows the current order and
 * offers every sortable field. A new field starts ascending, the current one toggles (spec §2
 * list behaviour, as the table headers do).
 */
export function SortMenu({ fields }: { fields: SortField[] }) {
  const { sort, setSort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!fields.length) return null;
  const current = fields.find((f) => f.field === sort.field);
  const arrow = (field: string) => (sort.field === field ? sort.order === 'ASC' ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" /> : null);
  const choose = (field: string) => {
    setAnchor(null);
    setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });
  };
  const label = current ? format(rc.app.sortedBy, { field: current.label, order: sort.order === 'ASC' ? rc.app.ascending : rc.app.descending }) : rc.app.sort;
  return (
    <>
      <Button size="small" startIcon={<SortIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" sx={{ minHeight: 40 }}>
        {label}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {fields.map((f) => (
          <MenuItem key={f.field} selected={f.field === sort.field} onClick={() => choose(f.field)}>
            <ListItemText>{f.label}</ListItemText>
            <ListItemIcon sx={{ justifyContent: 'flex-end' }}>{arrow(f.field)}</ListItemIcon>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
