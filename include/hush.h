/*
 * hush: fast cryptography that is careful with secrets.
 *
 * This header includes the whole public API. Each module has its own header
 * under hush/; see docs/DESIGN.md for the conventions every function follows.
 */
#ifndef HUSH_H
#define HUSH_H

#include "hush/aead.h"
#include "hush/aead_stream.h"
#include "hush/ascon.h"
#include "hush/common.h"
#include "hush/cpu.h"
#include "hush/hash.h"
#include "hush/mac.h"
#include "hush/pwhash.h"
#include "hush/secret.h"
#include "hush/stream.h"
#include "hush/x25519.h"

#endif
