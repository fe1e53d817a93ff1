package images

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestParseReference(t *testing.T) {
	cases := []struct{ in, want, err string }{
		{"nginx", "docker.io/library/nginx:latest", ""},
		{"nginx:1.16.1", "docker.io/library/nginx:1.16.1", ""},
		{"library/nginx:1.25", "docker.io/library/nginx:1.25", ""},
		{"docker.io/nginx", "docker.io/library/nginx:latest", ""},
		{"index.docker.io/library/nginx:stable", "docker.io/library/nginx:stable", ""},
		{"hashicorp/http-echo", "docker.io/hashicorp/http-echo:latest", ""},
		{"registry.k8s.io/pause:3.10", "registry.k8s.io/pause:3.10", ""},
		{"localhost:5000/app", "localhost:5000/app:latest", ""},
		{"nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d",
			"docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d", ""},
		{"Nginx", "", "invalid reference format: repository name (library/Nginx) must be lowercase"},
		{"nginx:1.16.1:x", "", "invalid reference format"},
		{"", "", "invalid reference format"},
	}
	for _, tc := range cases {
		r, err := ParseReference(tc.in)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case r.String() != tc.want:
			t.Errorf("%q: %q, want %q", tc.in, r.String(), tc.want)
		}
	}
}

func TestLookup(t *testing.T) {
	r := New()
	for _, ok := range []string{"nginx", "nginx:1.14.2", "nginx:1.19", "nginx:1.27-alpine", "busybox:1.35", "redis:7",
		"registry.k8s.io/pause:3.10", "k8s.gcr.io/echoserver:1.4", "hashicorp/http-echo", "httpd:2.4"} {
		if _, err := r.Lookup(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	img, _ := r.Lookup("nginx:1.14.2")
	if img.ImageID() != "docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d" || img.Size != 44710204 {
		t.Errorf("nginx:1.14.2: %s %d", img.ImageID(), img.Size)
	}
	a, _ := r.Lookup("nginx:1.19")
	b, _ := New().Lookup("nginx:1.19")
	if a.Digest != b.Digest || a.Size != b.Size {
		t.Error("pattern tags are not stable")
	}
	errs := map[string]string{
		"nginx:1.161":                  `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.161": failed to resolve reference "docker.io/library/nginx:1.161": docker.io/library/nginx:1.161: not found`,
		"nginx:sometag":                `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:sometag": failed to resolve reference "docker.io/library/nginx:sometag": docker.io/library/nginx:sometag: not found`,
		"nginxx:1.0":                   `failed to pull and unpack image "docker.io/library/nginxx:1.0": failed to resolve reference "docker.io/library/nginxx:1.0": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`,
		"registry.k8s.io/pause:9.9":    `rpc error: code = NotFound desc = failed to pull and unpack image "registry.k8s.io/pause:9.9": failed to resolve reference "registry.k8s.io/pause:9.9": registry.k8s.io/pause:9.9: not found`,
		"myregistry.example.com/app:1": `failed to pull and unpack image "myregistry.example.com/app:1": failed to resolve reference "myregistry.example.com/app:1": failed to do request: Head "https://myregistry.example.com/v2/app/manifests/1": dial tcp: lookup myregistry.example.com: no such host`,
	}
	for in, want := range errs {
		_, err := r.Lookup(in)
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", in, err, want)
		}
	}
}

func TestBehaviors(t *testing.T) {
	r := New()
	if err := r.SetBehavior("nginx:1.25", Behavior{Missing: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Lookup("docker.io/library/nginx:1.25"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("missing: %v", err)
	}
	r.clearBehavior("nginx:1.25")
	if _, err := r.Lookup("nginx:1.25"); err != nil {
		t.Error(err)
	}
	// An invented image with a behaviour exists.
	r.SetBehavior("myapp:v1", Behavior{PullTime: 30 * time.Second})
	img, err := r.Lookup("myapp:v1")
	if err != nil || !img.Listens(8080) {
		t.Errorf("myapp:v1: %v %v", img, err)
	}
	if tm := r.Timing("myapp:v1", Timing{Start: 3 * time.Second}); tm != (Timing{Pull: 30 * time.Second, Start: 3 * time.Second, Stop: time.Second}) {
		t.Errorf("timing %+v", tm)
	}
	if tm := r.Timing("nginx", Timing{}); tm != DefaultTiming {
		t.Errorf("default timing %+v", tm)
	}
	if err := r.Register("shop/api:2", "nginx:1.25"); err != nil {
		t.Fatal(err)
	}
	if img, err := r.Lookup("shop/api:2"); err != nil || !img.Listens(80) || img.Ref() != "docker.io/shop/api:2" {
		t.Errorf("registered: %v %v", img, err)
	}
}

func TestCache(t *testing.T) {
	r := New()
	c := NewCache()
	for _, ref := range []string{"busybox:1.36", "nginx:1.14.2", "registry.k8s.io/pause:3.10"} {
		img, _ := r.Lookup(ref)
		c.Add(img)
	}
	if _, ok := c.Get("nginx:1.14.2"); !ok {
		t.Error("nginx:1.14.2 not cached")
	}
	if _, ok := c.Get("nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d"); !ok {
		t.Error("digest reference not found")
	}
	if _, ok := c.Get("nginx:1.16.1"); ok {
		t.Error("nginx:1.16.1 cached")
	}
	var sizes []int64
	for _, ci := range c.NodeImages() {
		sizes = append(sizes, ci.SizeBytes)
	}
	if len(sizes) != 3 || sizes[0] != 44710204 || sizes[2] != 320368 {
		t.Errorf("node images sizes %v", sizes)
	}
}

func TestSyntheticDigest(t *testing.T) {
	seen := map[string]string{}
	for _, ref := range []string{"docker.io/library/nginx:1.25", "docker.io/library/nginx:1.26", "docker.io/library/redis:7",
		"docker.io/library/myapp:v1", "docker.io/library/myapp:v2", ""} {
		d := syntheticDigest(ref)
		hex, ok := strings.CutPrefix(d, "sha256:")
		if !ok || !api.IsImageID(hex) {
			t.Errorf("syntheticDigest(%q) = %q, want sha256: and 64 lowercase hex digits", ref, d)
		}
		if d != syntheticDigest(ref) {
			t.Errorf("syntheticDigest(%q) is not stable", ref)
		}
		if other, dup := seen[d]; dup {
			t.Errorf("syntheticDigest(%q) = syntheticDigest(%q)", ref, other)
		}
		seen[d] = ref
	}
}
