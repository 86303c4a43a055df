import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useId } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

/** The base maps a map may show: the app's map, Amazon Location's satellite imagery, or imagery with roads and names. */
export type MapStyleChoice = 'map' | 'satellite' | 'hybrid';

/** Said when there is no imagery (locally: the offline style has none). */
export const NO_IMAGERY_NOTE =
  'Satellite and Hybrid imagery need the AWS deployment (Amazon Location); this local map has none.';

/** The style URL of a choice: the map's own style, or the runtime config's imagery style (none locally). */
export const useMapStyleUrl = (choice: MapStyleChoice): string => {
  const { mapStyleUrl, imageryStyleUrls } = useRuntimeConfig();
  return choice === 'map' ? mapStyleUrl : (imageryStyleUrls?.[choice] ?? mapStyleUrl);
};

/**
 * Map / Satellite / Hybrid: the base map under the app's pins (walk setup, to see the facility). Without
 * imagery in the runtime config the imagery choices are disabled and a note beside them says why.
 */
export const MapStyleSwitch = ({
  value,
  onChange,
}: {
  value: MapStyleChoice;
  onChange: (choice: MapStyleChoice) => void;
}) => {
  const { imageryStyleUrls } = useRuntimeConfig();
  const noteId = useId();
  const imagery = Boolean(imageryStyleUrls);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_event, next: MapStyleChoice | null) => {
          if (next) onChange(next);
        }}
        aria-label="Map style"
        {...(imagery ? {} : { 'aria-describedby': noteId })}
      >
        <ToggleButton value="map" sx={{ px: 1.5 }}>
          Map
        </ToggleButton>
        <ToggleButton value="satellite" disabled={!imagery} sx={{ px: 1.5 }}>
          Satellite
        </ToggleButton>
        <ToggleButton value="hybrid" disabled={!imagery} sx={{ px: 1.5 }}>
          Hybrid
        </ToggleButton>
      </ToggleButtonGroup>
      {!imagery && (
        <Typography id={noteId} variant="caption" color="text.secondary" sx={{ flex: '1 1 180px' }}>
          {NO_IMAGERY_NOTE}
        </Typography>
      )}
    </Box>
  );
};
