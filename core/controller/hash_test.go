package controller

import (
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/controller/podhash"
)

func hashTemplate(image string) *api.PodTemplateSpec {
	return &api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web", "tier": "front"}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}},
	}
}

// TestSafeEncodeString checks the digit mapping of SafeEncodeString's
// alphabet (reference §15: 0→4 … 9→f).
func TestSafeEncodeString(t *testing.T) {
	if got := safeEncodeString("0123456789"); got != "456789bcdf" {
		t.Fatalf("safeEncodeString(0123456789) = %q, want 456789bcdf", got)
	}
	if got := safeEncodeString(""); got != "" {
		t.Fatalf("safeEncodeString(\"\") = %q", got)
	}
}

// TestComputeHashRecipe recomputes the hash from its definition (FNV-1a 32
// over the template's spew dump, plus 8 collision bytes) and checks the
// shape of the result. podhash's vectors check the dump itself.
func TestComputeHashRecipe(t *testing.T) {
	tmpl := hashTemplate("nginx:1.14.2")
	digits := "456789bcdf"
	render := func(sum uint32) string {
		var b strings.Builder
		for _, c := range strconv.FormatUint(uint64(sum), 10) {
			b.WriteByte(digits[c-'0'])
		}
		return b.String()
	}
	data := podhash.Dump(nil, tmpl)
	h := fnv.New32a()
	h.Write(data)
	if got, want := ComputeHash(tmpl, nil), render(h.Sum32()); got != want {
		t.Errorf("ComputeHash(nil collisions) = %q, want %q", got, want)
	}
	for _, count := range []int32{0, 1, 7, 1 << 20} {
		h := fnv.New32a()
		h.Write(data)
		buf := make([]byte, 8)
		binary.LittleEndian.PutUint32(buf, uint32(count))
		h.Write(buf)
		if got, want := ComputeHash(tmpl, &count), render(h.Sum32()); got != want {
			t.Errorf("ComputeHash(collisionCount %d) = %q, want %q", count, got, want)
		}
	}
}

func TestComputeHashProperties(t *testing.T) {
	a := ComputeHash(hashTemplate("nginx:1.14.2"), nil)
	if len(a) == 0 || len(a) > 10 || strings.Trim(a, "456789bcdf") != "" {
		t.Errorf("hash %q is not 1-10 characters of 456789bcdf", a)
	}
	if b := ComputeHash(hashTemplate("nginx:1.14.2"), nil); a != b {
		t.Errorf("same template hashed to %q and %q", a, b)
	}
	if b := ComputeHash(hashTemplate("nginx:1.16.1"), nil); a == b {
		t.Errorf("different images share hash %q", a)
	}
	zero, one := int32(0), int32(1)
	h0, h1 := ComputeHash(hashTemplate("nginx:1.14.2"), &zero), ComputeHash(hashTemplate("nginx:1.14.2"), &one)
	if h0 == a || h1 == h0 {
		t.Errorf("collisionCount nil/0/1 gave %q/%q/%q; each must differ", a, h0, h1)
	}
	// Maps are serialised with sorted keys, so insertion order cannot matter.
	t1 := hashTemplate("x")
	t2 := hashTemplate("x")
	t2.Labels = map[string]string{"tier": "front", "app": "web"}
	if ComputeHash(t1, nil) != ComputeHash(t2, nil) {
		t.Error("label insertion order changed the hash")
	}
	// Hashing must not change the template.
	before, _ := json.Marshal(t1)
	ComputeHash(t1, &one)
	if after, _ := json.Marshal(t1); string(before) != string(after) {
		t.Error("ComputeHash modified its argument")
	}
}

// benchTemplate is a template of the size learners write: two containers
// with ports, env, resources, probes and a volume mount.
func benchTemplate() *api.PodTemplateSpec {
	probe := &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/healthz", Port: api.FromInt(8080), Scheme: api.URISchemeHTTP}},
		TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3}
	c := api.Container{
		Name: "web", Image: "nginx:1.25", ImagePullPolicy: api.PullIfNotPresent,
		Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: api.ProtocolTCP}},
		Env:   []api.EnvVar{{Name: "MODE", Value: "production"}, {Name: "LOG_LEVEL", Value: "info"}},
		Resources: api.ResourceRequirements{
			Requests: api.ResourceList{api.ResourceCPU: resource.MustParse("250m"), api.ResourceMemory: resource.MustParse("64Mi")},
			Limits:   api.ResourceList{api.ResourceCPU: resource.MustParse("500m"), api.ResourceMemory: resource.MustParse("128Mi")},
		},
		VolumeMounts:           []api.VolumeMount{{Name: "cache", MountPath: "/cache"}},
		LivenessProbe:          probe,
		ReadinessProbe:         probe,
		TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: api.TerminationMessageReadFile,
	}
	sidecar := c
	sidecar.Name, sidecar.Image = "sidecar", "busybox:1.36"
	grace := int64(30)
	return &api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web", "tier": "front"}},
		Spec: api.PodSpec{
			Volumes:                       []api.Volume{{Name: "cache", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}}},
			Containers:                    []api.Container{c, sidecar},
			RestartPolicy:                 api.RestartPolicyAlways,
			TerminationGracePeriodSeconds: &grace,
			DNSPolicy:                     api.DNSClusterFirst,
			SchedulerName:                 "default-scheduler",
			SecurityContext:               &api.PodSecurityContext{},
		},
	}
}

// BenchmarkComputeHash is the cost of one ReplicaSet lookup's hash.
func BenchmarkComputeHash(b *testing.B) {
	tmpl := benchTemplate()
	b.ReportAllocs()
	for b.Loop() {
		ComputeHash(tmpl, nil)
	}
}
