import type { NextConfig } from 'next';

// As create-next-app writes it, with Cache Components on: every render must be pure (no Math.random(), no clock).
const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
};

export default nextConfig;
