import { Button, useMediaQuery, useTheme } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useState } from 'react';

/**
 * A page's filters on a phone (below 600 px): folded behind a "Filters" button, so the list they filter starts
 * on the first screen; from a tablet's width up, always shown. The fields stay mounted while folded (hidden),
 * so what is typed in them is kept.
 */
export interface FiltersFold {
  /** The filters' element id, which the button controls. */
  id: string;
  /** A phone's width: the button is there. */
  folded: boolean;
  /** Whether the filters are on the screen. */
  open: boolean;
  toggle: () => void;
}

export const useFiltersFold = (id: string): FiltersFold => {
  const theme = useTheme();
  const roomy = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const [shown, setShown] = useState(false);
  return { id, folded: !roomy, open: roomy || shown, toggle: () => setShown((was) => !was) };
};

/** The button of a fold, saying how many filters are set: "Filters (2)". Nothing when not folded. */
export const FiltersButton = ({ fold, active }: { fold: FiltersFold; active: number }) =>
  fold.folded ? (
    <Button
      variant="outlined"
      startIcon={<FilterListIcon />}
      aria-expanded={fold.open}
      aria-controls={fold.id}
      onClick={fold.toggle}
    >
      {active ? `Filters (${active})` : 'Filters'}
    </Button>
  ) : null;
