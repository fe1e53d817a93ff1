# Kubeplay. Every target uses the go on PATH (Go 1.26 or newer).
# `make` alone lists the targets.

GO   ?= go
OUT  ?= build/site
ADDR ?= :8080

.DEFAULT_GOAL := help
.PHONY: help run build test test-go golden lessons test-wasm e2e shots fuzz bench bench-page load size fmt vet clean

# Browser tests need Chromium and the wasm tests Node.js. Where either is
# missing they are skipped with a loud note, unless REQUIRE_ALL=1 (CI sets
# it after installing both), which turns a missing tool into a failure.
CHROMIUM := $(firstword $(CHROMIUM) $(wildcard /usr/lib/chromium/chromium /usr/bin/chromium))
NODE     := $(shell command -v node 2>/dev/null)

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

run: build ## build, then serve on http://localhost:8080
	$(GO) run ./site -addr $(ADDR) -dir $(OUT)

build: ## build the site into build/site
	$(GO) run ./scripts/build -out $(OUT)

test: test-go lessons test-wasm e2e fuzz ## every test: Go (host), the lessons' checks, the wasm bridge under Node.js, the page in Chromium, a little fuzzing

# The packages whose controllers, scheduler, kubelets and faces share the
# informers' objects, run again with the kubeplay_frozen guard: a handler or
# sync that changes a shared object panics (core/apiserver/frozen_guard.go).
# -short keeps the Deployment property test at 20 random rollouts; the
# scale tests (FROZEN_SKIP) run in the plain pass only: the guard compares
# every stored object at each pump that delivers events, quadratic in a
# cluster of thousands of pods.
FROZEN_PKGS := ./core/controller/... ./core/scheduler ./core/cloud ./core/kubelet/... ./core/kubectl/... \
	./core/sim ./core/scenario ./core/session
FROZEN_SKIP := TestHugeDeploymentGrowsOverTicks|TestRateLimitedThousandReplicas|TestGarbageCollectorThrottled|TestRateLimitFlagsChangeTheRollout|TestThrottledScaleDownRanksOnce|TestKubeletStatusWritesThrottled

test-go: vet ## vet (host and js/wasm), staticcheck, the Go tests, and again with the frozen-object guard
	$(GO) test ./...
	$(GO) test -short -tags kubeplay_frozen -skip '$(FROZEN_SKIP)' $(FROZEN_PKGS)

# The packages whose tests use internal/golden: the only ones whose test
# binaries know -update (go test ./... -update fails in the others).
GOLDEN_PKGS = $(shell $(GO) list -f '{{.ImportPath}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./... | \
	awk '/ github.com\/kubeplay\/kubeplay\/internal\/golden( |$$)/ {print $$1}')

golden: ## rewrite every golden file from the tests' current output (go test -update); review with git diff
	$(GO) test $(GOLDEN_PKGS) -update

lessons: ## run every shipped lesson's reference solutions and verify its checks, in each language
	$(GO) run ./scripts/play --check --lang en,vi,zh-CN assets/lessons/*.txtar

test-wasm: ## run the wasm bridge's tests, and the pod-template-hash vectors, under Node.js
ifneq ($(NODE),)
	PATH="$$($(GO) env GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test ./wasm ./core/controller/podhash
else ifeq ($(REQUIRE_ALL),1)
	@echo "test-wasm: node is not installed" >&2; exit 1
else
	@echo "*** SKIPPED the wasm bridge's tests: Node.js is not installed (apt-get install -y nodejs)"
endif

e2e: ## build the site and test the page in headless Chromium
ifneq ($(CHROMIUM),)
	$(GO) run ./scripts/build -out $(OUT)
	CHROMIUM=$(CHROMIUM) $(GO) run ./scripts/e2e -dir $(OUT)
else ifeq ($(REQUIRE_ALL),1)
	@echo "e2e: chromium is not installed" >&2; exit 1
else
	@echo "*** SKIPPED the browser tests: Chromium is not installed (apt-get install -y chromium)"
endif

shots: build ## photograph the page at three sizes into build/shots, to look at before a page change lands
	CHROMIUM=$(CHROMIUM) $(GO) run ./scripts/shots -dir $(OUT) -out build/shots

# Each fuzz target runs FUZZTIME beyond its corpus (go test replays the
# corpus alone). Minimizing an input that finds new coverage is capped at
# a second: left at the default minute, the fuzzer spent whole runs
# minimizing and ran a few dozen inputs. With that cap, go test now and
# then ends a run with a bare "context deadline exceeded" and no failing
# input (the minimizer's deadline, not a bug in the target: seen once in
# FuzzEncodeString, whose corpus then passed); such a run is tried once
# more, and any other failure, or a second one, fails.
FUZZTIME ?= 5s
FUZZ_RUN = $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 1s $$pkg 2>&1
fuzz: ## run every fuzz target for FUZZTIME (5s) each
	@set -e; for pkg in $$($(GO) list ./core/... ./scripts/... ./site/...); do \
	  for fn in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz $$fn ($$pkg)"; \
	    out=$$($(FUZZ_RUN)) || { \
	      if echo "$$out" | grep -q 'context deadline exceeded' && ! echo "$$out" | grep -q 'Failing input written'; then \
	        echo "  the fuzzer stopped at its minimizer's deadline with no failing input: once more"; \
	        out=$$($(FUZZ_RUN)); \
	      else false; fi; \
	    } || { echo "$$out" | tail -40 >&2; echo "fuzz: $$fn failed (a failing input is under testdata/fuzz/$$fn)" >&2; exit 1; }; \
	  done; \
	done

bench: ## run the benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./...

bench-page: build ## measure the page in headless Chromium: download size, load time, tick and back with 10,000 pods
	CHROMIUM=$(CHROMIUM) $(GO) run ./scripts/bench -dir $(OUT)

load: build ## load-test the site server on loopback: requests per second and errors
	$(GO) run ./scripts/loadtest -dir $(OUT)

size: ## show where kubeplay.wasm's bytes go, by Go package
	$(GO) run ./scripts/wasmsize

fmt: ## gofmt every Go file in place
	gofmt -l -w .

# staticcheck's dead-code (U1000) and bug (SA, S1) checks; its style
# checks would flag kubectl's own error strings, which must stay upstream's.
# Installed for the host into build/bin, then run for each target.
STATICCHECK := build/bin/staticcheck -checks 'U1000,SA*,S1*'

vet: ## go vet and staticcheck, for the host and for js/wasm
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm
	GOBIN=$(CURDIR)/build/bin $(GO) install honnef.co/go/tools/cmd/staticcheck@v0.8.2
	$(STATICCHECK) ./...
	GOOS=js GOARCH=wasm $(STATICCHECK) ./wasm

clean: ## remove build output
	rm -rf build
