package apiserver

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// wantTokenVolume is TokenVolumeSource as `get pod -o yaml` shows it.
func wantTokenVolume(name string) api.Volume {
	return api.Volume{Name: name, VolumeSource: api.VolumeSource{Projected: &api.ProjectedVolumeSource{
		DefaultMode: ptr(int32(420)),
		Sources: []api.VolumeProjection{
			{ServiceAccountToken: &api.ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: ptr(int64(3607))}},
			{ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "kube-root-ca.crt"},
				Items: []api.KeyToPath{{Key: "ca.crt", Path: "ca.crt"}}}},
			{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{Path: "namespace",
				FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"}}}}},
		},
	}}}
}

func TestServiceAccountAdmission(t *testing.T) {
	s := newTestServer(1)
	pod := testPod("web", "")
	pod.Spec.InitContainers = []api.Container{{Name: "init", Image: "busybox:1.36"}}
	p := mustCreate(t, s, pod)
	if p.Spec.ServiceAccountName != "default" || p.Spec.DeprecatedServiceAccount != "default" {
		t.Errorf("service account = %q / %q, want default for both", p.Spec.ServiceAccountName, p.Spec.DeprecatedServiceAccount)
	}
	if len(p.Spec.Volumes) != 1 {
		t.Fatalf("volumes = %+v, want the API credentials", p.Spec.Volumes)
	}
	name := p.Spec.Volumes[0].Name
	suffix, ok := strings.CutPrefix(name, "kube-api-access-")
	if !ok || len(suffix) != 5 || strings.Trim(suffix, alphanums) != "" {
		t.Errorf("volume name %q, want kube-api-access- and five generated characters", name)
	}
	if !reflect.DeepEqual(p.Spec.Volumes[0], wantTokenVolume(name)) {
		t.Errorf("volume = %+v, want %+v", p.Spec.Volumes[0], wantTokenVolume(name))
	}
	mount := []api.VolumeMount{{Name: name, ReadOnly: true, MountPath: "/var/run/secrets/kubernetes.io/serviceaccount"}}
	for _, c := range append(p.Spec.InitContainers, p.Spec.Containers...) {
		if !reflect.DeepEqual(c.VolumeMounts, mount) {
			t.Errorf("container %s mounts %+v, want %+v", c.Name, c.VolumeMounts, mount)
		}
	}

	// An update leaves the pod's service account fields alone, and a
	// spec without them is a forbidden pod spec change.
	p.Labels["tier"] = "front"
	p = must(t)(s.Update(p)).(*api.Pod)
	if len(p.Spec.Volumes) != 1 || len(p.Spec.Containers[0].VolumeMounts) != 1 {
		t.Errorf("update changed the mounts: %+v", p.Spec)
	}
	bare := testPod("web", "")
	bare.Spec.InitContainers = []api.Container{{Name: "init", Image: "busybox:1.36"}}
	bare.ResourceVersion = p.ResourceVersion
	if _, err := s.Update(bare); !IsInvalid(err) || !strings.Contains(err.Error(), "spec: Forbidden: pod updates may not change fields") {
		t.Errorf("update without the admitted fields: %v", err)
	}
}

func TestServiceAccountAdmissionDraws(t *testing.T) {
	// The volume name comes from the seeded source, before the pod's uid:
	// the same seed gives the same names.
	a, b := newTestServer(7), newTestServer(7)
	pa, pb := mustCreate(t, a, testPodGenerate("web-")), mustCreate(t, b, testPodGenerate("web-"))
	if pa.Spec.Volumes[0].Name != pb.Spec.Volumes[0].Name || pa.Name != pb.Name || pa.UID != pb.UID {
		t.Errorf("same seed, different draws: %s %s %s / %s %s %s", pa.Spec.Volumes[0].Name, pa.Name, pa.UID,
			pb.Spec.Volumes[0].Name, pb.Name, pb.UID)
	}
	// Templates are not admitted: a Deployment keeps its template as sent.
	d := mustCreate(t, a, testDeployment("web"))
	if ts := d.Spec.Template.Spec; ts.ServiceAccountName != "" || len(ts.Volumes) != 0 || ts.Priority != nil || ts.PreemptionPolicy != nil {
		t.Errorf("the Deployment's template was admitted as a pod: %+v", ts)
	}
}

func TestServiceAccountAdmissionMounts(t *testing.T) {
	tests := []struct {
		name    string
		mutate  func(p *api.Pod)
		volumes []string // names, "" for the generated one
		mounts  [][]string
	}{
		{"automount off", func(p *api.Pod) { p.Spec.AutomountServiceAccountToken = ptr(false) }, nil, [][]string{nil}},
		{"automount on", func(p *api.Pod) { p.Spec.AutomountServiceAccountToken = ptr(true) }, []string{""}, [][]string{{""}}},
		{"every container has something at the path", func(p *api.Pod) {
			p.Spec.Volumes = []api.Volume{{Name: "mine", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}}}
			p.Spec.Containers[0].VolumeMounts = []api.VolumeMount{{Name: "mine", MountPath: DefaultAPITokenMountPath}}
		}, []string{"mine"}, [][]string{{"mine"}}},
		{"one of two containers has", func(p *api.Pod) {
			p.Spec.Volumes = []api.Volume{{Name: "mine", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}}}
			p.Spec.Containers[0].VolumeMounts = []api.VolumeMount{{Name: "mine", MountPath: DefaultAPITokenMountPath}}
			p.Spec.Containers = append(p.Spec.Containers, api.Container{Name: "side", Image: "busybox:1.36"})
		}, []string{"mine", ""}, [][]string{{"mine"}, {""}}},
		{"own kube-api-access volume is reused", func(p *api.Pod) {
			v := wantTokenVolume("kube-api-access-mine1")
			p.Spec.Volumes = []api.Volume{v}
		}, []string{"kube-api-access-mine1"}, [][]string{{"kube-api-access-mine1"}}},
	}
	for _, tt := range tests {
		s := newTestServer(1)
		pod := testPod("web", "")
		tt.mutate(pod)
		p := mustCreate(t, s, pod)
		generated := ""
		var volumes []string
		for _, v := range p.Spec.Volumes {
			if strings.HasPrefix(v.Name, "kube-api-access-") && !strings.HasSuffix(v.Name, "mine1") {
				generated = v.Name
				volumes = append(volumes, "")
				continue
			}
			volumes = append(volumes, v.Name)
		}
		if !reflect.DeepEqual(volumes, tt.volumes) {
			t.Errorf("%s: volumes %v, want %v", tt.name, volumes, tt.volumes)
		}
		for i, c := range p.Spec.Containers {
			var mounts []string
			for _, m := range c.VolumeMounts {
				if m.Name == generated {
					mounts = append(mounts, "")
				} else {
					mounts = append(mounts, m.Name)
				}
			}
			if !reflect.DeepEqual(mounts, tt.mounts[i]) {
				t.Errorf("%s: container %d mounts %v, want %v", tt.name, i, mounts, tt.mounts[i])
			}
		}
	}
}

func TestServiceAccountAdmissionRefuses(t *testing.T) {
	s := newTestServer(1)
	for _, tc := range []struct {
		pod  *api.Pod
		want string
	}{
		{func() *api.Pod { p := testPod("web", ""); p.Spec.ServiceAccountName = "builder"; return p }(),
			`Error from server (Forbidden): pods "web" is forbidden: error looking up service account default/builder: serviceaccount "builder" not found`},
		// The deprecated alias names the account when the name is empty.
		{func() *api.Pod { p := testPod("web", ""); p.Spec.DeprecatedServiceAccount = "builder"; return p }(),
			`Error from server (Forbidden): pods "web" is forbidden: error looking up service account default/builder: serviceaccount "builder" not found`},
		// A generated name is not drawn yet: the error names the prefix,
		// as a ReplicaSet's FailedCreate event shows it.
		{func() *api.Pod { p := testPodGenerate("web-7d4b9c-"); p.Spec.ServiceAccountName = "ci"; return p }(),
			`Error from server (Forbidden): pods "web-7d4b9c-" is forbidden: error looking up service account default/ci: serviceaccount "ci" not found`},
		{func() *api.Pod {
			p := testPod("static-web", "")
			p.Annotations = map[string]string{mirrorPodAnnotation: "x"}
			p.Spec.ServiceAccountName = "default"
			return p
		}(), `Error from server (Forbidden): pods "static-web" is forbidden: a mirror pod may not reference service accounts`},
		{func() *api.Pod {
			p := testPod("static-web", "")
			p.Annotations = map[string]string{mirrorPodAnnotation: "x"}
			p.Spec.Volumes = []api.Volume{wantTokenVolume("t")}
			return p
		}(), `Error from server (Forbidden): pods "static-web" is forbidden: a mirror pod may not use ServiceAccountToken volume projections`},
	} {
		rv := s.ResourceVersion()
		if _, err := s.Create(tc.pod); KubectlMessage(err) != tc.want {
			t.Errorf("got  %s\nwant %s", KubectlMessage(err), tc.want)
		}
		if s.ResourceVersion() != rv {
			t.Error("a refused pod was stored")
		}
	}
	// A mirror pod is admitted unchanged.
	p := testPod("static-web", "node-1")
	p.Annotations = map[string]string{mirrorPodAnnotation: "x"}
	got := mustCreate(t, s, p)
	if got.Spec.ServiceAccountName != "" || len(got.Spec.Volumes) != 0 {
		t.Errorf("mirror pod was changed: %+v", got.Spec)
	}
}

// TestServiceAccountAdmissionStored: with stored accounts, the account must
// exist (even "default"), its automountServiceAccountToken applies when
// the pod says nothing, and its imagePullSecrets go to a pod without any.
func TestServiceAccountAdmissionStored(t *testing.T) {
	s := newTestServer(1)
	InstallServiceAccounts(s)
	p := testPod("early", "")
	p.Spec.ServiceAccountName = "ci"
	_, err := s.Create(p)
	want := `Error from server (Forbidden): pods "early" is forbidden: error looking up service account default/ci: serviceaccount "ci" not found`
	if KubectlMessage(err) != want {
		t.Errorf("no account:\n got  %s\nwant %s", KubectlMessage(err), want)
	}
	// The default account the controller has not written yet is waited
	// for (upstream retries for a second), so the pod is admitted.
	mustCreate(t, s, testPod("early", ""))
	mustCreate(t, s, &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "default", Namespace: "default"},
		AutomountServiceAccountToken: ptr(false), ImagePullSecrets: []api.LocalObjectReference{{Name: "registry"}}})
	got := mustCreate(t, s, testPod("quiet", ""))
	if len(got.Spec.Volumes) != 0 || len(got.Spec.ImagePullSecrets) != 1 || got.Spec.ImagePullSecrets[0].Name != "registry" {
		t.Errorf("account settings not applied: volumes %v, imagePullSecrets %v", got.Spec.Volumes, got.Spec.ImagePullSecrets)
	}
	p = testPod("loud", "")
	p.Spec.AutomountServiceAccountToken = ptr(true)
	p.Spec.ImagePullSecrets = []api.LocalObjectReference{{Name: "mine"}}
	got = mustCreate(t, s, p)
	if len(got.Spec.Volumes) != 1 || len(got.Spec.ImagePullSecrets) != 1 || got.Spec.ImagePullSecrets[0].Name != "mine" {
		t.Errorf("the pod's own settings lost: volumes %v, imagePullSecrets %v", got.Spec.Volumes, got.Spec.ImagePullSecrets)
	}
}
