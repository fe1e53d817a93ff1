# Kubeplay. Every target uses the go on PATH (Go 1.26 or newer).
# `make` alone lists the targets.

GO   ?= go
OUT  ?= build/site
ADDR ?= :8080

.DEFAULT_GOAL := help
.PHONY: help run build test test-wasm bench fmt vet clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

run: build ## build, then serve on http://localhost:8080
	$(GO) run ./site -addr $(ADDR) -dir $(OUT)

build: ## build the site into build/site
	$(GO) run ./scripts/build -out $(OUT)

test: ## vet, run every test, and check that the wasm bridge compiles
	$(GO) vet ./...
	$(GO) test ./...
	GOOS=js GOARCH=wasm $(GO) build -buildvcs=false -o /dev/null ./wasm

test-wasm: ## run the wasm bridge's tests under Node.js (needs node)
	PATH="$$($(GO) env GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test ./wasm

bench: ## run the benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./...

fmt: ## gofmt every Go file in place
	gofmt -l -w .

vet: ## go vet, for the host and for js/wasm
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm

clean: ## remove build output
	rm -rf build
