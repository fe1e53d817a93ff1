package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kubeplay/kubeplay/scripts/internal/wasmdata"
)

// goCmd runs "go args..." in dir and returns its trimmed standard output.
func goCmd(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.TrimSpace(string(out)), nil
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	gomod, err := goCmd("", "env", "GOMOD")
	if err != nil {
		return "", err
	}
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside the kubeplay module; run from the repository")
	}
	return filepath.Dir(gomod), nil
}

// buildWasm compiles ./wasm, stamping version, and returns kubeplay.wasm.
// -buildvcs=false because the version comes from -X, and VCS stamping fails
// in checkouts git does not trust (a CI clone owned by another user).
func buildWasm(root, version string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "kubeplay-wasm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	dst := filepath.Join(tmp, "kubeplay.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false",
		"-ldflags=-s -w -X main.version="+version, "-o", dst, "./wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("GOOS=js GOARCH=wasm go build ./wasm: %w", err)
	}
	return os.ReadFile(dst)
}

// packWasm repacks the linker's data segments (scripts/internal/wasmdata)
// and says what that did.
func packWasm(b []byte, stdout io.Writer) ([]byte, error) {
	packed, st, err := wasmdata.Pack(b, wasmdata.DefaultGap)
	if err != nil {
		return nil, fmt.Errorf("kubeplay.wasm: packing data segments: %w", err)
	}
	fmt.Fprintf(stdout, "kubeplay.wasm: %s data segments packed into %s (zero runs of up to %d bytes kept), data section %s B -> %s B\n",
		grouped(int64(st.SegmentsBefore)), grouped(int64(st.SegmentsAfter)), wasmdata.DefaultGap,
		grouped(int64(st.BytesBefore)), grouped(int64(st.BytesAfter)))
	return packed, nil
}

// readWasmExec returns the JS support file of the Go toolchain that builds
// kubeplay.wasm (the two must match), unchanged.
func readWasmExec() ([]byte, error) {
	goroot, err := goCmd("", "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	for _, dir := range []string{"lib/wasm", "misc/wasm"} { // Go 1.24 moved it to lib/
		b, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		return b, err
	}
	return nil, fmt.Errorf("wasm_exec.js not found in %s/lib/wasm or %s/misc/wasm", goroot, goroot)
}

// gitVersion describes the checkout at root ("v0.1.0-3-gabc1234-dirty", or a
// bare commit), or returns "devel" when git cannot say.
func gitVersion(root string) string {
	cmd := exec.Command("git", "describe", "--tags", "--always", "--dirty")
	cmd.Dir = root
	out, err := cmd.Output()
	if v := strings.TrimSpace(string(out)); err == nil && v != "" && !strings.ContainsAny(v, " \t\n'\"") {
		return v
	}
	return "devel"
}
