#ifndef NEARBY_CBZIP2_SHIM_H
#define NEARBY_CBZIP2_SHIM_H
// libbz2 (Debian's libbz2-dev) for OSM XML extracts compressed as .osm.bz2 (Sources/NearbyOSM).
#include <bzlib.h>
#endif
