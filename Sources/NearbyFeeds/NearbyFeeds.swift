// NearbyFeeds: dataset plugins, manifests, decoders, refresh cache, libcurl fetcher.
