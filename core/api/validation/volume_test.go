package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

const vol = "spec.template.spec.volumes"

func fieldRef(path string) *api.ObjectFieldSelector { return &api.ObjectFieldSelector{FieldPath: path} }

// tokenVolume is the projected volume the ServiceAccount admission plugin
// writes into pods, as a user would copy it from `get pod -o yaml`.
func tokenVolume(name string) api.Volume {
	return api.Volume{Name: name, VolumeSource: api.VolumeSource{Projected: &api.ProjectedVolumeSource{
		Sources: []api.VolumeProjection{
			{ServiceAccountToken: &api.ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: ptr(int64(3607))}},
			{ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "kube-root-ca.crt"},
				Items: []api.KeyToPath{{Key: "ca.crt", Path: "ca.crt"}}}},
			{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{Path: "namespace", FieldRef: fieldRef("metadata.namespace")}}}},
		},
	}}}
}

// TestValidateVolumes: ValidateVolumes, validateVolumeSource,
// validateProjectionSources and ValidateVolumeMounts, with upstream's paths
// and messages (including its quirks: the downwardAPI spelling in the
// "more than 1 volume type" path, the token path reported on the
// projection).
func TestValidateVolumes(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(s *api.PodSpec)
		want   []string
	}{
		{"valid volumes and mounts", func(s *api.PodSpec) {
			s.Volumes = []api.Volume{
				{Name: "cache"}, // no source: an emptyDir
				{Name: "info", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{Items: []api.DownwardAPIVolumeFile{
					{Path: "labels", FieldRef: fieldRef("metadata.labels")},
					{Path: "app", FieldRef: fieldRef("metadata.labels['app']")},
				}}}},
				tokenVolume("kube-api-access-abcde"),
			}
			s.Containers[0].VolumeMounts = []api.VolumeMount{
				{Name: "cache", MountPath: "/cache"},
				{Name: "cache", MountPath: "/data", SubPath: "data/x"},
				{Name: "info", MountPath: "/etc/podinfo", ReadOnly: true},
				{Name: "kube-api-access-abcde", MountPath: "/var/run/secrets/kubernetes.io/serviceaccount", ReadOnly: true},
			}
			s.InitContainers = []api.Container{{Name: "init", Image: "busybox",
				VolumeMounts: []api.VolumeMount{{Name: "cache", MountPath: "/cache"}}}}
		}, nil},
		{"mount of a missing volume", func(s *api.PodSpec) {
			s.Containers[0].VolumeMounts = []api.VolumeMount{{Name: "x", MountPath: "/x"}}
			s.InitContainers = []api.Container{{Name: "init", Image: "busybox", VolumeMounts: []api.VolumeMount{{MountPath: "/y"}}}}
		}, []string{
			ctr + `.volumeMounts[0].name: Not found: "x"`,
			"spec.template.spec.initContainers[0].volumeMounts[0].name: Required value",
			`spec.template.spec.initContainers[0].volumeMounts[0].name: Not found: ""`,
		}},
		{"bad mounts", func(s *api.PodSpec) {
			s.Volumes = []api.Volume{{Name: "cache"}}
			s.Containers[0].VolumeMounts = []api.VolumeMount{
				{Name: "cache", MountPath: "/cache"},
				{Name: "cache", MountPath: "/cache"},
				{Name: "cache"},
				{Name: "cache", MountPath: "/a", SubPath: "/abs"},
				{Name: "cache", MountPath: "/b", SubPath: "a/../b", SubPathExpr: "$(POD)"},
			}
		}, []string{
			ctr + `.volumeMounts[1].mountPath: Invalid value: "/cache": must be unique`,
			ctr + ".volumeMounts[2].mountPath: Required value",
			ctr + `.volumeMounts.subPath: Invalid value: "/abs": must be a relative path`,
			ctr + `.volumeMounts.subPath: Invalid value: "a/../b": must not contain '..'`,
			ctr + `.volumeMounts[4].subPathExpr: Invalid value: "$(POD)": subPathExpr and subPath are mutually exclusive`,
		}},
		{"bad volume names", func(s *api.PodSpec) {
			s.Volumes = []api.Volume{{Name: ""}, {Name: "Cache"}, {Name: "cache"}, {Name: "cache"}}
			// A mount of an invalid volume is not found either.
			s.Containers[0].VolumeMounts = []api.VolumeMount{{Name: "Cache", MountPath: "/c"}}
		}, []string{
			vol + "[0].name: Required value",
			vol + `[1].name: Invalid value: "Cache": ` + labelMsg,
			vol + `[3].name: Duplicate value: "cache"`,
			ctr + `.volumeMounts[0].name: Not found: "Cache"`,
		}},
		{"two sources", func(s *api.PodSpec) {
			s.Volumes = []api.Volume{
				{Name: "a", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}, DownwardAPI: &api.DownwardAPIVolumeSource{}}},
				{Name: "b", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}, Projected: &api.ProjectedVolumeSource{}}},
			}
		}, []string{
			vol + "[0].downwarAPI: Forbidden: may not specify more than 1 volume type",
			vol + "[1].projected: Forbidden: may not specify more than 1 volume type",
		}},
		{"negative emptyDir size", func(s *api.PodSpec) {
			size := resource.MustParse("-1Gi")
			s.Volumes = []api.Volume{{Name: "a", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{SizeLimit: &size}}}}
		}, []string{vol + "[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity"}},
		{"downward API volume", func(s *api.PodSpec) {
			s.Volumes = []api.Volume{{Name: "info", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{
				DefaultMode: ptr(int32(01000)),
				Items: []api.DownwardAPIVolumeFile{
					{Path: "../up", FieldRef: fieldRef("spec.nodeName")},
					{Path: "", Mode: ptr(int32(-1))},
					{Path: "..x", FieldRef: fieldRef("metadata.name")},
				},
			}}}}
		}, []string{
			vol + "[0].downwardAPI.defaultMode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive",
			vol + `[0].downwardAPI.path: Invalid value: "../up": must not contain '..'`,
			vol + `[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"`,
			vol + "[0].downwardAPI.path: Required value",
			vol + "[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required",
			vol + "[0].downwardAPI.mode: Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive",
			vol + `[0].downwardAPI.path: Invalid value: "..x": must not start with '..'`,
		}},
		{"projected volume", func(s *api.PodSpec) {
			v := tokenVolume("creds")
			p := v.Projected
			p.Sources[0].ServiceAccountToken.ExpirationSeconds = ptr(int64(60))
			p.Sources[0].ServiceAccountToken.Path = "/token"
			p.Sources[1].ConfigMap.Name = ""
			p.Sources[1].ConfigMap.Items = append(p.Sources[1].ConfigMap.Items, api.KeyToPath{Path: "ca.crt"})
			p.Sources = append(p.Sources,
				api.VolumeProjection{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{Path: "namespace", FieldRef: fieldRef("metadata.uid")}}}},
				api.VolumeProjection{ServiceAccountToken: &api.ServiceAccountTokenProjection{ExpirationSeconds: ptr(int64(1) << 33)},
					ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "x"}}},
			)
			s.Volumes = []api.Volume{v}
		}, []string{
			vol + "[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes",
			vol + `[0].projected.path: Invalid value: "/token": must be a relative path`,
			vol + "[0].projected.sources[1].configMap.name: Required value",
			vol + "[0].projected.sources[1].configMap.items[1].key: Required value",
			vol + `[0].projected: Invalid value: "": conflicting duplicate paths`,
			vol + `[0].projected: Invalid value: "namespace": conflicting duplicate paths`,
			vol + "[0].projected.sources[4].serviceAccountToken.expirationSeconds: Invalid value: 8589934592: may not specify a duration larger than 2^32 seconds",
			vol + "[0].projected.path: Required value",
			vol + "[0].projected.sources[4]: Forbidden: may not specify more than 1 volume type per source",
		}},

		// The fields the admission plugins fill in on pods.
		{"priority class and preemption policy", func(s *api.PodSpec) {
			s.PriorityClassName = "High"
			s.PreemptionPolicy = ptr(api.PreemptionPolicy("Sometimes"))
		}, []string{
			`spec.template.spec.priorityClassName: Invalid value: "High": ` + subdomainMsg,
			`spec.template.spec.preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"`,
		}},
		{"empty preemption policy", func(s *api.PodSpec) { s.PreemptionPolicy = ptr(api.PreemptionPolicy("")) },
			[]string{"spec.template.spec.preemptionPolicy: Required value"}},
		{"valid priority fields", func(s *api.PodSpec) {
			s.PriorityClassName, s.Priority = "system-node-critical", ptr(int32(2000001000))
			s.PreemptionPolicy = ptr(api.PreemptNever)
			s.AutomountServiceAccountToken = ptr(false)
		}, nil},
	}
	for _, tt := range tests {
		d := validDeployment()
		tt.mutate(&d.Spec.Template.Spec)
		check(t, tt.name, ValidateObject(defaulted(d)), tt.want)
	}
}

// TestValidatePodVolumeMounts: on a Pod the paths start at spec, and the
// volume the ServiceAccount plugin adds validates.
func TestValidatePodVolumeMounts(t *testing.T) {
	p := validPod()
	p.Spec.Volumes = []api.Volume{tokenVolume("kube-api-access-abcde")}
	p.Spec.Containers[0].VolumeMounts = []api.VolumeMount{
		{Name: "kube-api-access-abcde", MountPath: "/var/run/secrets/kubernetes.io/serviceaccount", ReadOnly: true},
		{Name: "x", MountPath: "/x"},
	}
	check(t, "pod", ValidateObject(defaulted(p)), []string{`spec.containers[0].volumeMounts[1].name: Not found: "x"`})
}
