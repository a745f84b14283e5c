import { createTheme } from '@aws-amplify/ui-react';

export const theme = createTheme({
  name: 'it-asset-auditor',
  tokens: {
    colors: {
      brand: {
        primary: {
          10: '{colors.blue.10}',
          20: '{colors.blue.20}',
          40: '{colors.blue.40}',
          60: '{colors.blue.60}',
          80: '{colors.blue.80}',
          90: '{colors.blue.90}',
          100: '{colors.blue.100}',
        },
      },
    },
  },
});
